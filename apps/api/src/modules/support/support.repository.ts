import { randomUUID } from 'node:crypto';
import {
  type AdminTicket,
  type adminTicketsQuerySchema,
  type Ticket,
  type TicketAuthorKind,
  type TicketDetail,
  type TicketStatus,
  ticketNumber,
  type ticketListQuerySchema,
} from '@hostpilot/shared';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database, TicketRow, TicketsTable } from '../../db/schema';
import { contains as containsWords } from '../../lib/search';
import { contains, iso, offsetOf } from '../../lib/listing';

export type TicketQuery = z.output<typeof ticketListQuerySchema>;
export type AdminTicketsQuery = z.output<typeof adminTicketsQuerySchema>;

/** Priority sorts by urgency, not alphabetically. */
const PRIORITY_RANK = sql<number>`case priority when 'low' then 0 when 'medium' then 1 when 'high' then 2 else 3 end`;

/** A ticket as lists show it: the customer's and, with the people added, the back office's. */
export function toTicket(
  row: Pick<TicketRow, 'id' | 'number' | 'subject' | 'department' | 'priority' | 'status' | 'createdAt' | 'updatedAt'>,
): Ticket {
  return {
    id: row.id,
    number: ticketNumber(row.number),
    subject: row.subject,
    department: row.department,
    priority: row.priority,
    status: row.status,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** A customer's support tickets. Every query filters by the owner. */
export function createSupportRepository(db: Kysely<Database>) {
  return {
    async list(userId: string, query: TicketQuery): Promise<{ items: Ticket[]; total: number }> {
      let base = db.selectFrom('tickets').where('userId', '=', userId);
      if (query.status) base = base.where('status', '=', query.status);
      if (query.priority) base = base.where('priority', '=', query.priority);
      if (query.q) {
        const q = query.q;
        base = base.where((eb) => contains(eb.ref('subject'), q));
      }
      let ordered = base.selectAll();
      ordered =
        query.sort === 'priority'
          ? ordered.orderBy(PRIORITY_RANK, query.order).orderBy('updatedAt', 'desc')
          : ordered.orderBy(query.sort, query.order);
      const [rows, count] = await Promise.all([
        ordered.orderBy('id', query.order).limit(query.pageSize).offset(offsetOf(query)).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toTicket), total: Number(count.n) };
    },

    async find(userId: string, id: string): Promise<TicketDetail | undefined> {
      const row = await db
        .selectFrom('tickets')
        .selectAll()
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const messages = await db
        .selectFrom('ticketMessages as m')
        .leftJoin('users as u', 'u.id', 'm.authorId')
        .select(['m.id', 'm.authorKind', 'm.body', 'm.createdAt', 'u.firstName', 'u.lastName'])
        .where('m.ticketId', '=', row.id)
        .orderBy('m.createdAt')
        .orderBy('m.id')
        .execute();
      return {
        ...toTicket(row),
        messages: messages.map((m) => ({
          id: m.id,
          authorKind: m.authorKind,
          // Staff sign with their first name only; a customer sees their own full name.
          authorName:
            m.authorKind === 'staff'
              ? (m.firstName ?? 'HostPilot')
              : [m.firstName, m.lastName].filter(Boolean).join(' '),
          body: m.body,
          createdAt: iso(m.createdAt),
        })),
      };
    },
  };
}

/** Priority sorts by urgency, not alphabetically (the back office's list names its table). */
const STAFF_PRIORITY_RANK = sql<number>`case tickets.priority when 'low' then 0 when 'medium' then 1 when 'high' then 2 else 3 end`;

/** Every ticket with its customer and its assignee, for the back office. */
export function staffTickets(db: Kysely<Database>) {
  return db
    .selectFrom('tickets')
    .leftJoin('users as customer', 'customer.id', 'tickets.userId')
    .leftJoin('users as assignee', 'assignee.id', 'tickets.assignedTo');
}

export const STAFF_TICKET_COLUMNS = [
  'tickets.id',
  'tickets.number',
  'tickets.subject',
  'tickets.department',
  'tickets.priority',
  'tickets.status',
  'tickets.createdAt',
  'tickets.updatedAt',
  'tickets.userId',
  'tickets.assignedTo',
  'tickets.guestEmail',
  'tickets.guestName',
  'customer.firstName as customerFirstName',
  'customer.lastName as customerLastName',
  'customer.email as customerEmail',
  'customer.deletedAt as customerDeletedAt',
  'assignee.firstName as assigneeFirstName',
  'assignee.lastName as assigneeLastName',
  'assignee.email as assigneeEmail',
] as const;

export type StaffTicketRow = Awaited<
  ReturnType<ReturnType<ReturnType<typeof staffTickets>['select']>['execute']>
>[number] & {
  id: string;
  number: number;
  subject: string;
  department: AdminTicket['department'];
  priority: AdminTicket['priority'];
  status: AdminTicket['status'];
  createdAt: number;
  updatedAt: number;
  userId: string | null;
  assignedTo: string | null;
  guestEmail: string | null;
  guestName: string | null;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerEmail: string | null;
  customerDeletedAt: number | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  assigneeEmail: string | null;
};

/** The back office's filters of the ticket list: status, priority, assignee (`me`, `none`, an id) and search. */
export function staffTicketsMatching(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: Pick<AdminTicketsQuery, 'status' | 'priority' | 'assignee' | 'q'>,
  staffId: string,
) {
  let rows = staffTickets(db);
  if (query.status !== undefined) rows = rows.where('tickets.status', '=', query.status);
  if (query.priority !== undefined) rows = rows.where('tickets.priority', '=', query.priority);
  if (query.assignee === 'none') rows = rows.where('tickets.assignedTo', 'is', null);
  else if (query.assignee === 'me') rows = rows.where('tickets.assignedTo', '=', staffId);
  else if (query.assignee !== undefined) rows = rows.where('tickets.assignedTo', '=', query.assignee.toLowerCase());
  if (query.q !== undefined) {
    const q = query.q;
    const number = /^(tck-?)?(\d{1,9})$/i.exec(q);
    rows = rows.where((eb) =>
      eb.or([
        contains(eb.ref('tickets.subject'), q.toLowerCase()),
        containsWords(kind, 'users', 'customer', q),
        contains(eb.ref('tickets.guestEmail'), q.toLowerCase()),
        ...(number ? [eb('tickets.number', '=', Number(number[2]))] : []),
      ]),
    );
  }
  return rows;
}

/** The count of the back office's filtered tickets. */
export function countStaffTickets(rows: ReturnType<typeof staffTicketsMatching>) {
  return rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
}

/** One page of the back office's filtered tickets, sorted (priority by urgency, then the latest change). */
export function staffTicketsPage(
  rows: ReturnType<typeof staffTicketsMatching>,
  query: Pick<AdminTicketsQuery, 'sort' | 'order'>,
  limit: number,
  offset: number,
) {
  const order = query.order === 'asc' ? 'asc' : 'desc';
  let ordered = rows.select(STAFF_TICKET_COLUMNS);
  ordered =
    query.sort === 'priority'
      ? ordered.orderBy(STAFF_PRIORITY_RANK, order).orderBy('tickets.updatedAt', 'desc')
      : ordered.orderBy(`tickets.${query.sort}`, order);
  return ordered.orderBy('tickets.id', order).limit(limit).offset(offset).execute() as Promise<StaffTicketRow[]>;
}

/** One ticket with its customer and assignee, or undefined. */
export async function staffTicketById(db: Kysely<Database>, id: string) {
  return (await staffTickets(db).select(STAFF_TICKET_COLUMNS).where('tickets.id', '=', id).executeTakeFirst()) as
    StaffTicketRow | undefined;
}

/** A ticket's conversation with each author's name, oldest first. */
export function ticketConversation(db: Kysely<Database>, ticketId: string) {
  return db
    .selectFrom('ticketMessages as m')
    .leftJoin('users as u', 'u.id', 'm.authorId')
    .select(['m.id', 'm.authorKind', 'm.body', 'm.createdAt', 'u.firstName', 'u.lastName'])
    .where('m.ticketId', '=', ticketId)
    .orderBy('m.createdAt')
    .orderBy('m.id')
    .execute();
}

/** A ticket's assignment and status, locked for the change on PostgreSQL. */
export function ticketForUpdate(trx: Kysely<Database>, kind: DatabaseKind, id: string) {
  let read = trx
    .selectFrom('tickets')
    .select(['id', 'userId', 'status', 'priority', 'assignedTo'])
    .where('id', '=', id);
  if (kind === 'postgres') read = read.forUpdate();
  return read.executeTakeFirst();
}

/** Sets a ticket's assignee and priority. */
export async function assignTicket(
  trx: Kysely<Database>,
  id: string,
  fields: { assignedTo: string | null; priority: TicketRow['priority'] },
  now: number,
): Promise<void> {
  await trx
    .updateTable('tickets')
    .set({ ...fields, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** Writes a new ticket's row. */
export async function insertTicket(trx: Kysely<Database>, row: Insertable<TicketsTable>): Promise<void> {
  await trx.insertInto('tickets').values(row).execute();
}

/** Adds a message to a ticket's conversation. */
export async function insertTicketMessage(
  trx: Kysely<Database>,
  message: { ticketId: string; authorId: string | null; authorKind: TicketAuthorKind; body: string; now: number },
): Promise<void> {
  await trx
    .insertInto('ticketMessages')
    .values({
      id: randomUUID(),
      ticketId: message.ticketId,
      authorId: message.authorId,
      authorKind: message.authorKind,
      body: message.body,
      createdAt: message.now,
    })
    .execute();
}

/** Marks a ticket changed at `now`, its status as it was. */
export async function touchTicket(trx: Kysely<Database>, id: string, now: number): Promise<void> {
  await trx.updateTable('tickets').set({ updatedAt: now }).where('id', '=', id).execute();
}

/** Moves a ticket from `from` to `to` (closedAt set only for closed); false when its status was no longer `from`. */
export async function setTicketStatus(
  trx: Kysely<Database>,
  id: string,
  from: TicketStatus,
  to: TicketStatus,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('tickets')
    .set({ status: to, updatedAt: now, closedAt: to === 'closed' ? now : null })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A ticket of the account `userId`, or undefined: what the customer's actions check and name. */
export function ownTicketRow(trx: Kysely<Database>, userId: string, id: string) {
  return trx
    .selectFrom('tickets')
    .select(['id', 'status', 'number', 'subject'])
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** A ticket as a staff answer needs it (its holder, or its guest's address), or undefined. */
export function ticketToAnswer(trx: Kysely<Database>, id: string) {
  return trx
    .selectFrom('tickets')
    .select(['id', 'userId', 'status', 'number', 'subject', 'guestEmail', 'guestName', 'guestLanguage'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The number and subject of the tickets among `ids`. */
export function ticketLabelRows(db: Kysely<Database>, ids: readonly string[]) {
  return db.selectFrom('tickets').select(['id', 'number', 'subject']).where('id', 'in', ids).execute();
}
