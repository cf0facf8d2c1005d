import { randomUUID } from 'node:crypto';
import {
  type CreateTicketRequest,
  type Language,
  type TicketAuthorKind,
  ticketNumber,
  type TicketStatus,
  ticketStates,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { notFound } from '../../lib/not-found';
import { takeNumbers, TICKET_COUNTER, TICKET_NUMBER_BASE } from '../billing';

/**
 * Ticket actions (docs/product/states.md): the status follows who wrote last — a customer's message makes
 * it open, a staff answer makes it answered; closing and reopening are explicit. A closed ticket takes no
 * message until it is reopened. Each change writes its status history and activity in one transaction.
 */

type Move = { ticketId: string; userId: string | null; from: TicketStatus; to: TicketStatus };

async function moveTicket(trx: Kysely<Database>, move: Move, actorId: string | null, now: number) {
  if (move.from === move.to) {
    await trx.updateTable('tickets').set({ updatedAt: now }).where('id', '=', move.ticketId).execute();
    return;
  }
  if (!ticketStates.canTransition(move.from, move.to)) {
    throw new AppError('INVALID_STATE', { message: `A ${move.from} ticket cannot become ${move.to}` });
  }
  const result = await trx
    .updateTable('tickets')
    .set({ status: move.to, updatedAt: now, closedAt: move.to === 'closed' ? now : null })
    .where('id', '=', move.ticketId)
    .where('status', '=', move.from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('INVALID_STATE');
  await journal(trx, move.userId, actorId, now).statusChange({
    entityType: 'ticket',
    entityId: move.ticketId,
    from: move.from,
    to: move.to,
  });
}

async function addMessage(
  trx: Kysely<Database>,
  ticketId: string,
  author: { id: string | null; kind: TicketAuthorKind },
  body: string,
  now: number,
) {
  await trx
    .insertInto('ticketMessages')
    .values({ id: randomUUID(), ticketId, authorId: author.id, authorKind: author.kind, body, createdAt: now })
    .execute();
}

export function createTicketActions({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  const ownTicket = async (trx: Kysely<Database>, userId: string, id: string) => {
    const row = await trx
      .selectFrom('tickets')
      .select(['id', 'status', 'number', 'subject'])
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound('Ticket');
    return row;
  };

  return {
    async create(userId: string, input: CreateTicketRequest & { subject: string; message: string }): Promise<string> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const number = TICKET_NUMBER_BASE + (await takeNumbers(trx, TICKET_COUNTER));
        const id = randomUUID();
        await trx
          .insertInto('tickets')
          .values({
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
          })
          .execute();
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
    },

    async reply(userId: string, id: string, message: string): Promise<void> {
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
    },

    async setClosed(userId: string, id: string, closed: boolean): Promise<void> {
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
    },
  };
}

/**
 * A guest ticket (decision 053): the contact form's message from a visitor without an account, opened in the
 * general department with no owner but the visitor's address, name and language. Its status history and audit
 * entry are written in the same transaction; staff answers go to the address by mail.
 */
export async function openGuestTicket(
  db: Kysely<Database>,
  input: { name: string; email: string; message: string; language: Language; now: number; clientIp: string },
): Promise<{ id: string; number: number }> {
  return db.transaction().execute(async (trx) => {
    const number = TICKET_NUMBER_BASE + (await takeNumbers(trx, TICKET_COUNTER));
    const id = randomUUID();
    await trx
      .insertInto('tickets')
      .values({
        id,
        number,
        userId: null,
        subject: guestSubject(input.message),
        department: 'general',
        priority: 'medium',
        status: 'open',
        assignedTo: null,
        createdAt: input.now,
        updatedAt: input.now,
        closedAt: null,
        guestEmail: input.email,
        guestName: input.name,
        guestLanguage: input.language,
      })
      .execute();
    await addMessage(trx, id, { id: null, kind: 'customer' }, input.message, input.now);
    const log = journal(trx, null, null, input.now, input.clientIp);
    await log.statusChange({ entityType: 'ticket', entityId: id, from: null, to: 'open' });
    await log.audit({
      action: 'ticket.guestOpened',
      entityType: 'ticket',
      entityId: id,
      after: { status: 'open', length: input.message.length },
    });
    return { id, number };
  });
}

/** How long a guest ticket's subject may be: its message's first line, cut at a word where it is longer. */
export const GUEST_SUBJECT_MAX_LENGTH = 80;

/** The subject of a guest ticket: the first line of the message, shortened to GUEST_SUBJECT_MAX_LENGTH. */
export function guestSubject(message: string): string {
  const line = message.trim().split(/\r?\n/, 1)[0]!.trim();
  if (line.length <= GUEST_SUBJECT_MAX_LENGTH) return line;
  const cut = line.slice(0, GUEST_SUBJECT_MAX_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > GUEST_SUBJECT_MAX_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

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
  const ticket = await trx
    .selectFrom('tickets')
    .select(['id', 'userId', 'status', 'number', 'subject', 'guestEmail', 'guestName', 'guestLanguage'])
    .where('id', '=', input.ticketId)
    .executeTakeFirst();
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
