import { type Language, ticketNumber, type TicketStatus } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { notFound } from '../../lib/not-found';
import { ticketToAnswer } from './support.repository';
import { addMessage, moveTicket } from './ticket-moves';

/**
 * A staff member answers a ticket (the back office calls this): the message, the status `answered`, and a
 * notification for the customer, in one transaction. A closed ticket is refused (INVALID_STATE).
 */
export async function answerTicket(
  db: Kysely<Database>,
  input: { ticketId: string; staffId: string; message: string; now: number },
): Promise<AnsweredTicket> {
  return db.transaction().execute((trx) => answerTicketIn(trx, input));
}

export interface AnsweredTicket {
  id: string;
  /** Null for a guest ticket (decision 053), whose visitor is answered by mail. */
  userId: string | null;
  number: number;
  status: TicketStatus;
  subject: string;
  guestEmail: string | null;
  guestName: string | null;
  guestLanguage: Language | null;
}

/** answerTicket inside the caller's transaction, so that the caller's own records (the audit entry) join it. */
export async function answerTicketIn(
  trx: Kysely<Database>,
  input: { ticketId: string; staffId: string; message: string; now: number },
): Promise<AnsweredTicket> {
  const ticket = await ticketToAnswer(trx, input.ticketId);
  if (!ticket) throw notFound('Ticket');
  if (ticket.status === 'closed') throw new AppError('INVALID_STATE', { message: 'The ticket is closed' });
  await addMessage(trx, ticket.id, { id: input.staffId, kind: 'staff' }, input.message, input.now);
  await moveTicket(
    trx,
    { ticketId: ticket.id, userId: ticket.userId, from: ticket.status, to: 'answered' },
    input.staffId,
    input.now,
  );
  const params = { number: ticketNumber(ticket.number), ticketId: ticket.id };
  const log = journal(trx, ticket.userId, input.staffId, input.now);
  await log.notify({ type: 'info', key: 'ticketAnswered', params });
  await log.activity({ action: 'ticket.answered', subjectType: 'ticket', subjectId: ticket.id, params });
  return ticket;
}
