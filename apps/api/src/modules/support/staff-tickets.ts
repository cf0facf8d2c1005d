import {
  type AdminTicket,
  type AdminTicketDetail,
  type AdminTicketUpdate,
  hasPermission,
  permissionsOf,
  ROLES,
  ticketNumber,
  validationMessage,
} from '@hostpilot/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/index';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { mailLanguage } from '../../lib/mail/language';
import type { Mailer } from '../../lib/mail/mailer';
import { notFound } from '../../lib/not-found';
import { fullName, iso, pageOf } from '../../lib/staff-list';
import {
  type AdminTicketsQuery,
  assignTicket,
  countStaffTickets,
  type StaffTicketRow,
  staffTicketById,
  staffTicketsMatching,
  staffTicketsPage,
  ticketConversation,
  ticketForUpdate,
  toTicket,
} from './support.repository';
import { accountMailbox, activeRoleOf, activeStaff } from '../accounts';
import { answerTicketIn } from './answer-ticket';
import { setTicketStatusIn } from './ticket-moves';

/**
 * The support queue's use cases (docs/decisions/035-support-queue-and-operations.md): every customer's tickets
 * for staff with `tickets.read`; answering, assigning, re-prioritising and closing with `tickets.write`. Each
 * change writes its audit entry in its own transaction.
 */

/** The roles that may answer tickets, and so be assigned one (packages/shared/src/roles.ts). */
export const TICKET_ROLES = Object.values(ROLES).filter((role) => hasPermission(role, 'tickets.write'));

/** Who acts, from where, and when. */
export interface TicketAct {
  db: Kysely<Database>;
  kind: DatabaseKind;
  staffId: string;
  clientIp: string;
  now: number;
}

const person = (id: string | null, first: string | null, last: string | null, email: string | null) =>
  id && email !== null ? { id, name: fullName(first ?? '', last ?? ''), email } : null;

function toAdminTicket(row: StaffTicketRow): AdminTicket {
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

/** One page of every ticket the search and filters match (`me` is the caller). */
export function listStaffTickets(db: Kysely<Database>, kind: DatabaseKind, query: AdminTicketsQuery, staffId: string) {
  const rows = staffTicketsMatching(db, kind, query, staffId);
  return pageOf(
    query,
    () => countStaffTickets(rows),
    (limit, offset) => staffTicketsPage(rows, query, limit, offset),
    toAdminTicket,
  );
}

/** The staff members a ticket can be assigned to. */
export async function ticketAssignees(db: Kysely<Database>) {
  const rows = await activeStaff(db, TICKET_ROLES);
  return { items: rows.map((r) => ({ id: r.id, name: fullName(r.firstName, r.lastName), email: r.email })) };
}

/** One ticket with its conversation (404 when there is none). */
export async function staffTicketDetail(db: Kysely<Database>, id: string): Promise<AdminTicketDetail> {
  const row = await staffTicketById(db, id);
  if (!row) throw notFound('Ticket');
  const messages = await ticketConversation(db, id);
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
}

/**
 * Staff answer a ticket: the message, the status `answered`, the customer's notification and the audit entry in
 * one transaction; then the mail (to the account holder, or to a guest ticket's visitor), logged if it fails.
 */
export async function answerTicketAsStaff(
  act: TicketAct,
  deps: { mailer: Mailer; log: FastifyBaseLogger },
  ticketId: string,
  message: string,
): Promise<AdminTicketDetail> {
  const { db, staffId, now } = act;
  const answered = await db.transaction().execute(async (trx) => {
    const ticket = await answerTicketIn(trx, { ticketId, staffId, message, now });
    await journal(trx, ticket.userId, staffId, now, act.clientIp).audit({
      action: 'ticket.reply',
      entityType: 'ticket',
      entityId: ticket.id,
      before: { status: ticket.status },
      after: { status: 'answered', length: message.length },
    });
    return ticket;
  });
  // The answer is committed; the mail follows it, and a mail that fails is logged, not retried.
  try {
    if (answered.userId === null) {
      // A guest ticket of the contact form (decision 053): the answer itself goes to the visitor's address.
      if (answered.guestEmail) {
        await deps.mailer.send(
          answered.guestEmail,
          {
            kind: 'guest-ticket-answer',
            firstName: answered.guestName ?? '',
            number: ticketNumber(answered.number),
            subject: answered.subject,
            message,
          },
          mailLanguage(answered.guestLanguage, undefined),
        );
      }
    } else {
      await mailTicketHolder(db, deps.mailer, answered.userId, answered);
    }
  } catch (error) {
    deps.log.warn({ err: error, event: 'ticket_mail_failed', ticketId: answered.id }, 'ticket mail not sent');
  }
  return staffTicketDetail(db, answered.id);
}

/** Tells an account holder by mail that their ticket was answered (the answer is read in the dashboard). */
async function mailTicketHolder(
  db: Kysely<Database>,
  mailer: Mailer,
  userId: string,
  answered: { id: string; number: number },
) {
  const customer = await accountMailbox(db, userId);
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

/**
 * Assigns a ticket (an active account that answers tickets, or nobody), changes its priority, closes it or
 * reopens a closed one, with its audit entry, in one transaction.
 */
export async function updateTicketAsStaff(
  act: TicketAct,
  ticketId: string,
  input: AdminTicketUpdate,
): Promise<AdminTicketDetail> {
  const { db, staffId, now } = act;
  await db.transaction().execute(async (trx) => {
    const ticket = await ticketForUpdate(trx, act.kind, ticketId);
    if (!ticket) throw notFound('Ticket');
    if (input.assigneeId) {
      const role = await activeRoleOf(trx, input.assigneeId);
      if (role === undefined || !permissionsOf(role).includes('tickets.write')) {
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
      await assignTicket(trx, ticket.id, { assignedTo: after.assigneeId, priority: after.priority }, now);
    }
    if (input.status !== undefined) await setTicketStatusIn(trx, ticket, input.status, staffId, now);
    await journal(trx, ticket.userId, staffId, now, act.clientIp).audit({
      action: 'ticket.update',
      entityType: 'ticket',
      entityId: ticket.id,
      before,
      after,
    });
  });
  return staffTicketDetail(db, ticketId);
}
