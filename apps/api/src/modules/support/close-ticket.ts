import { setOwnTicketClosed, type TicketDeps } from './ticket-moves';

/** The customer closes their ticket; a ticket already closed answers INVALID_STATE. */
export function closeTicket(deps: TicketDeps, userId: string, id: string): Promise<void> {
  return setOwnTicketClosed(deps, userId, id, true);
}
