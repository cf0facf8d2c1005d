import { type TicketAuthorKind, ticketNumber, type TicketStatus, ticketStates } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { notFound } from '../../lib/not-found';
import { insertTicketMessage, ownTicketRow, setTicketStatus, touchTicket } from './support.repository';

/**
 * The rules every ticket change shares (docs/product/states.md): the status follows who wrote last — a customer's
 * message makes it open, a staff answer makes it answered; closing and reopening are explicit. A closed ticket
 * takes no message until it is reopened. Each change writes its status history and activity in one transaction.
 */

/** What a customer's ticket action needs. */
export interface TicketDeps {
  db: Kysely<Database>;
  clock: Clock;
}

type Move = { ticketId: string; userId: string | null; from: TicketStatus; to: TicketStatus };

/** Moves a ticket to `move.to` with its status history; the same status only marks it changed. */
export async function moveTicket(trx: Kysely<Database>, move: Move, actorId: string | null, now: number) {
  if (move.from === move.to) {
    await touchTicket(trx, move.ticketId, now);
    return;
  }
  if (!ticketStates.canTransition(move.from, move.to)) {
    throw new AppError('INVALID_STATE', { message: `A ${move.from} ticket cannot become ${move.to}` });
  }
  if (!(await setTicketStatus(trx, move.ticketId, move.from, move.to, now))) throw new AppError('INVALID_STATE');
  await journal(trx, move.userId, actorId, now).statusChange({
    entityType: 'ticket',
    entityId: move.ticketId,
    from: move.from,
    to: move.to,
  });
}

/** Adds a message to a ticket's conversation. */
export async function addMessage(
  trx: Kysely<Database>,
  ticketId: string,
  author: { id: string | null; kind: TicketAuthorKind },
  body: string,
  now: number,
) {
  await insertTicketMessage(trx, { ticketId, authorId: author.id, authorKind: author.kind, body, now });
}

/** The customer's own ticket; another account's (or an unknown) id answers 404. */
export async function ownTicket(trx: Kysely<Database>, userId: string, id: string) {
  const row = await ownTicketRow(trx, userId, id);
  if (!row) throw notFound('Ticket');
  return row;
}

/** Closes the customer's ticket, or reopens a closed one, with its status history and activity. */
export async function setOwnTicketClosed(
  { db, clock }: TicketDeps,
  userId: string,
  id: string,
  closed: boolean,
): Promise<void> {
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    const ticket = await ownTicket(trx, userId, id);
    const to = closed ? 'closed' : 'open';
    if (ticket.status === to || (!closed && ticket.status !== 'closed')) {
      throw new AppError('INVALID_STATE', {
        message: closed ? 'The ticket is already closed' : 'The ticket is not closed',
      });
    }
    await moveTicket(trx, { ticketId: id, userId, from: ticket.status, to }, userId, now);
    await journal(trx, userId, userId, now).activity({
      action: closed ? 'ticket.closed' : 'ticket.reopened',
      subjectType: 'ticket',
      subjectId: id,
      params: { number: ticketNumber(ticket.number) },
    });
  });
}

/** A ticket's status set by staff: closing, or reopening a closed one; the status history records who. */
export async function setTicketStatusIn(
  trx: Kysely<Database>,
  ticket: { id: string; userId: string | null; status: TicketStatus },
  to: 'open' | 'closed',
  staffId: string,
  now: number,
): Promise<void> {
  if (ticket.status === to) return;
  await moveTicket(trx, { ticketId: ticket.id, userId: ticket.userId, from: ticket.status, to }, staffId, now);
}
