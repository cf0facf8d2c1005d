import {
  type AdminTicket,
  type adminTicketsQuerySchema,
  hasPermission,
  ROLES,
  permissionsOf,
  supportAdminEndpoints,
  ticketNumber,
  validationMessage,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { contains as containsText } from '../../lib/listing';
import { mailLanguage } from '../../lib/mail/language';
import type { Mailer } from '../../lib/mail/mailer';
import { notFound } from '../../lib/not-found';
import { staffOf } from '../../plugins/authorize';
import { toTicket } from './support.repository';
import { answerTicketIn, setTicketStatusIn } from './tickets.actions';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { fullName, iso, pageOf } from '../../lib/staff-list';
import { contains } from '../../lib/search';
import { endpointRoute } from '../../lib/endpoint-route';

type Query = z.output<typeof adminTicketsQuerySchema>;

const NOT_FOUND = { 404: 'NOT_FOUND: no ticket has this id' } as const;

/** Priority sorts by urgency, not alphabetically. */
const PRIORITY_RANK = sql<number>`case tickets.priority when 'low' then 0 when 'medium' then 1 when 'high' then 2 else 3 end`;

/** The roles that may answer tickets, and so be assigned one (packages/shared/src/roles.ts). */
export const TICKET_ROLES = Object.values(ROLES).filter((role) => hasPermission(role, 'tickets.write'));

const person = (id: string | null, first: string | null, last: string | null, email: string | null) =>
  id && email !== null ? { id, name: fullName(first ?? '', last ?? ''), email } : null;

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('tickets')
    .leftJoin('users as customer', 'customer.id', 'tickets.userId')
    .leftJoin('users as assignee', 'assignee.id', 'tickets.assignedTo');
}

const COLUMNS = [
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

type Row = Awaited<ReturnType<ReturnType<ReturnType<typeof baseQuery>['select']>['execute']>>[number] & {
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

function toAdminTicket(row: Row): AdminTicket {
  return {
    ...toTicket(row),
    customer:
      row.customerDeletedAt === null
        ? person(row.userId, row.customerFirstName, row.customerLastName, row.customerEmail)
        : null,
    guest: row.guestEmail !== null ? { name: row.guestName ?? '', email: row.guestEmail } : null,
    assignee: person(row.assignedTo, row.assigneeFirstName, row.assigneeLastName, row.assigneeEmail),
  };
}

/**
 * The support queue (docs/decisions/035-support-queue-and-operations.md): every customer's tickets for staff
 * with `tickets.read`; answering, assigning, re-prioritising and closing with `tickets.write`. Each change
 * writes its audit entry in its own transaction.
 */
export const adminSupportRoutes: FastifyPluginAsyncZod<{ clock: Clock; mailer: Mailer }> = async (
  app,
  { clock, mailer },
) => {
  const { db, kind } = app.database;

  const filtered = (query: Query, staffId: string) => {
    let rows = baseQuery(db);
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
          containsText(eb.ref('tickets.subject'), q.toLowerCase()),
          contains(kind, 'users', 'customer', q),
          containsText(eb.ref('tickets.guestEmail'), q.toLowerCase()),
          ...(number ? [eb('tickets.number', '=', Number(number[2]))] : []),
        ]),
      );
    }
    return rows;
  };

  const detail = async (id: string) => {
    const row = (await baseQuery(db).select(COLUMNS).where('tickets.id', '=', id).executeTakeFirst()) as
      Row | undefined;
    if (!row) throw notFound('Ticket');
    const messages = await db
      .selectFrom('ticketMessages as m')
      .leftJoin('users as u', 'u.id', 'm.authorId')
      .select(['m.id', 'm.authorKind', 'm.body', 'm.createdAt', 'u.firstName', 'u.lastName'])
      .where('m.ticketId', '=', id)
      .orderBy('m.createdAt')
      .orderBy('m.id')
      .execute();
    // A guest's messages have no author account: the visitor's name stands for it (decision 053).
    const customerName = (first: string | null, last: string | null) =>
      first === null && row.guestName !== null ? row.guestName : fullName(first ?? '', last ?? '');
    return {
      ...toAdminTicket(row),
      messages: messages.map((m) => ({
        id: m.id,
        authorKind: m.authorKind,
        authorName: m.authorKind === 'staff' ? (m.firstName ?? 'HostPilot') : customerName(m.firstName, m.lastName),
        authorFullName:
          m.authorKind === 'staff'
            ? fullName(m.firstName ?? '', m.lastName ?? '')
            : customerName(m.firstName, m.lastName),
        body: m.body,
        createdAt: iso(m.createdAt),
      })),
    };
  };

  endpointRoute(
    app,
    supportAdminEndpoints.getAdminTickets,
    {
      schema: {
        tags: ['admin'],
        summary: 'Every customer ticket',
        description:
          "`q` matches the subject, the number (TCK-1042 or 1042) or the customer's e-mail or name. `assignee` is a " +
          'staff id, `me` or `none` (unassigned). Priority sorts by urgency. Needs `tickets.read`.',
        response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request) => {
      const query = request.query;
      const rows = filtered(query, staffOf(request).userId);
      const order = query.order === 'asc' ? 'asc' : 'desc';
      return pageOf(
        query,
        () => rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        (limit, offset) => {
          let ordered = rows.select(COLUMNS);
          ordered =
            query.sort === 'priority'
              ? ordered.orderBy(PRIORITY_RANK, order).orderBy('tickets.updatedAt', 'desc')
              : ordered.orderBy(`tickets.${query.sort}`, order);
          return ordered.orderBy('tickets.id', order).limit(limit).offset(offset).execute() as Promise<Row[]>;
        },
        toAdminTicket,
      );
    },
  );

  endpointRoute(
    app,
    supportAdminEndpoints.getAdminTicketsAssignees,
    {
      schema: {
        tags: ['admin'],
        summary: 'The staff members a ticket can be assigned to',
        description: 'Active accounts of the roles with `tickets.write` (administrators and support), by name.',
        response: errorResponses(STAFF_ERRORS),
      },
    },
    async () => {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'firstName', 'lastName', 'email'])
        .where('role', 'in', TICKET_ROLES)
        .where('status', '=', 'active')
        .where('deletedAt', 'is', null)
        .orderBy('firstName')
        .orderBy('lastName')
        .orderBy('id')
        .limit(500)
        .execute();
      return { items: rows.map((r) => ({ id: r.id, name: fullName(r.firstName, r.lastName), email: r.email })) };
    },
  );

  endpointRoute(
    app,
    supportAdminEndpoints.getAdminTicketsItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'One ticket with its conversation',
        response: errorResponses({ 400: 'VALIDATION_FAILED: a malformed id', ...STAFF_ERRORS, ...NOT_FOUND }),
      },
    },
    async (request) => detail(request.params.id),
  );

  endpointRoute(
    app,
    supportAdminEndpoints.postAdminTicketsMessages,
    {
      schema: {
        tags: ['admin'],
        summary: 'Answer a ticket',
        description:
          "The customer sees the answer signed with the staff member's first name; the ticket becomes answered; " +
          'the customer gets a notification and a mail in their language. A closed ticket is refused (409). ' +
          'Recorded in the audit log. Needs `tickets.write`.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          400: 'VALIDATION_FAILED (with `fields`): `message` validation.messageMin or validation.messageMax',
          409: 'INVALID_STATE: the ticket is closed',
        }),
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const now = clock.now();
      const answered = await db.transaction().execute(async (trx) => {
        const ticket = await answerTicketIn(trx, {
          ticketId: request.params.id,
          staffId: staff.userId,
          message: request.body.message,
          now,
        });
        await journal(trx, ticket.userId, staff.userId, now, request.ip).audit({
          action: 'ticket.reply',
          entityType: 'ticket',
          entityId: ticket.id,
          before: { status: ticket.status },
          after: { status: 'answered', length: request.body.message.length },
        });
        return ticket;
      });
      // The answer is committed; the mail follows it, and a mail that fails is logged, not retried.
      try {
        if (answered.userId === null) {
          // A guest ticket of the contact form (decision 053): the answer itself goes to the visitor's address.
          if (answered.guestEmail) {
            await mailer.send(
              answered.guestEmail,
              {
                kind: 'guest-ticket-answer',
                firstName: answered.guestName ?? '',
                number: ticketNumber(answered.number),
                subject: answered.subject,
                message: request.body.message,
              },
              mailLanguage(answered.guestLanguage, undefined),
            );
          }
        } else {
          await mailCustomer(answered.userId, answered);
        }
      } catch (error) {
        request.log.warn({ err: error, event: 'ticket_mail_failed', ticketId: answered.id }, 'ticket mail not sent');
      }
      return detail(answered.id);
    },
  );

  /** Tells an account holder by mail that their ticket was answered (the answer is read in the dashboard). */
  async function mailCustomer(userId: string, answered: { id: string; number: number }) {
    const customer = await db
      .selectFrom('users')
      .select(['email', 'firstName', 'preferredLanguage', 'deletedAt'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!customer || customer.deletedAt !== null) return;
    await mailer.send(
      customer.email,
      {
        kind: 'account-notice',
        firstName: customer.firstName,
        key: 'ticketAnswered',
        params: { number: ticketNumber(answered.number), ticketId: answered.id },
      },
      mailLanguage(customer.preferredLanguage, undefined),
    );
  }

  endpointRoute(
    app,
    supportAdminEndpoints.patchAdminTicketsItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'Assign a ticket, change its priority, close or reopen it',
        description:
          '`assigneeId` must be an active administrator or support account (null unassigns); `status` `closed` ' +
          'closes, `open` reopens a closed ticket. Recorded in the audit log. Needs `tickets.write`.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          400: 'VALIDATION_FAILED (with `fields`): `assigneeId` validation.assignee — not a staff member who answers tickets',
          409: 'INVALID_STATE: reopening a ticket that is not closed',
        }),
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const input = request.body;
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        let read = trx
          .selectFrom('tickets')
          .select(['id', 'userId', 'status', 'priority', 'assignedTo'])
          .where('id', '=', request.params.id);
        if (kind === 'postgres') read = read.forUpdate();
        const ticket = await read.executeTakeFirst();
        if (!ticket) throw notFound('Ticket');
        if (input.assigneeId) {
          const assignee = await trx
            .selectFrom('users')
            .select('role')
            .where('id', '=', input.assigneeId)
            .where('status', '=', 'active')
            .where('deletedAt', 'is', null)
            .executeTakeFirst();
          if (!assignee || !permissionsOf(assignee.role).includes('tickets.write')) {
            throw new AppError('VALIDATION_FAILED', {
              fields: {
                assigneeId: { code: 'validation.assignee', message: validationMessage('validation.assignee') },
              },
            });
          }
        }
        if (input.status === 'open' && ticket.status !== 'closed') {
          throw new AppError('INVALID_STATE', { message: 'Only a closed ticket can be reopened' });
        }
        const before = { assigneeId: ticket.assignedTo, priority: ticket.priority, status: ticket.status };
        const after = {
          assigneeId: input.assigneeId === undefined ? ticket.assignedTo : input.assigneeId,
          priority: input.priority ?? ticket.priority,
          status: input.status ?? ticket.status,
        };
        if (after.assigneeId !== before.assigneeId || after.priority !== before.priority) {
          await trx
            .updateTable('tickets')
            .set({ assignedTo: after.assigneeId, priority: after.priority, updatedAt: now })
            .where('id', '=', ticket.id)
            .execute();
        }
        if (input.status !== undefined) await setTicketStatusIn(trx, ticket, input.status, staff.userId, now);
        await journal(trx, ticket.userId, staff.userId, now, request.ip).audit({
          action: 'ticket.update',
          entityType: 'ticket',
          entityId: ticket.id,
          before,
          after,
        });
      });
      return detail(request.params.id);
    },
  );
};
