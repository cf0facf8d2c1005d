import { setOwnTicketClosed, type TicketDeps } from './ticket-moves';

/** The customer reopens their closed ticket; a ticket that is not closed answers INVALID_STATE. */
export function reopenTicket(deps: TicketDeps, userId: string, id: string): Promise<void> {
  return setOwnTicketClosed(deps, userId, id, false);
}
