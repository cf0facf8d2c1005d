import { ticketNumber } from '@hostpilot/shared';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { addMessage, moveTicket, ownTicket, type TicketDeps } from './ticket-moves';

/**
 * The customer writes in their ticket (docs/product/states.md): it becomes open again, with its status history and
 * activity in one transaction. A closed ticket takes no message until it is reopened (INVALID_STATE).
 */
export async function replyToTicket({ db, clock }: TicketDeps, userId: string, id: string, message: string) {
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    const ticket = await ownTicket(trx, userId, id);
    if (ticket.status === 'closed')
      throw new AppError('INVALID_STATE', { message: 'Reopen the ticket to write in it' });
    await addMessage(trx, id, { id: userId, kind: 'customer' }, message, now);
    await moveTicket(trx, { ticketId: id, userId, from: ticket.status, to: 'open' }, userId, now);
    await journal(trx, userId, userId, now).activity({
      action: 'ticket.replied',
      subjectType: 'ticket',
      subjectId: id,
      params: { number: ticketNumber(ticket.number) },
    });
  });
}
