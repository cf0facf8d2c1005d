import { randomUUID } from 'node:crypto';
import { type CreateTicketRequest, ticketNumber } from '@hostpilot/shared';
import { journal } from '../../lib/journal';
import { takeNumbers, TICKET_COUNTER, TICKET_NUMBER_BASE } from '../billing';
import { insertTicket } from './support.repository';
import { addMessage, type TicketDeps } from './ticket-moves';

/**
 * A customer opens a ticket with its first message (docs/product/states.md): numbered from billing's counters, open,
 * with its status history and activity in one transaction. Answers the new ticket's id.
 */
export async function openTicket(
  { db, clock }: TicketDeps,
  userId: string,
  input: CreateTicketRequest & { subject: string; message: string },
): Promise<string> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const number = TICKET_NUMBER_BASE + (await takeNumbers(trx, TICKET_COUNTER));
    const id = randomUUID();
    await insertTicket(trx, {
      id,
      number,
      userId,
      subject: input.subject,
      department: input.department,
      priority: input.priority,
      status: 'open',
      assignedTo: null,
      createdAt: now,
      updatedAt: now,
      closedAt: null,
    });
    await addMessage(trx, id, { id: userId, kind: 'customer' }, input.message, now);
    const log = journal(trx, userId, userId, now);
    await log.statusChange({ entityType: 'ticket', entityId: id, from: null, to: 'open' });
    await log.activity({
      action: 'ticket.opened',
      subjectType: 'ticket',
      subjectId: id,
      params: { number: ticketNumber(number), subject: input.subject },
    });
    return id;
  });
}
