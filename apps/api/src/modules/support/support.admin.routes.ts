import { supportAdminEndpoints } from '@hostpilot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import type { Mailer } from '../../lib/mail/mailer';
import { staffOf } from '../../plugins/authorize';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { endpointRoute } from '../../lib/endpoint-route';
import {
  answerTicketAsStaff,
  listStaffTickets,
  staffTicketDetail,
  type TicketAct,
  ticketAssignees,
  updateTicketAsStaff,
} from './staff-tickets';

const NOT_FOUND = { 404: 'NOT_FOUND: no ticket has this id' } as const;

/**
 * The support queue over HTTP (docs/decisions/035-support-queue-and-operations.md; the rules are in
 * staff-tickets.ts): every ticket, the assignees, one ticket, an answer, and assign, priority, close or reopen.
 */
export const adminSupportRoutes: FastifyPluginAsyncZod<{ clock: Clock; mailer: Mailer }> = async (
  app,
  { clock, mailer },
) => {
  const { db, kind } = app.database;
  const actOf = (request: FastifyRequest): TicketAct => ({
    db,
    kind,
    staffId: staffOf(request).userId,
    clientIp: request.ip,
    now: clock.now(),
  });

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
    async (request) => listStaffTickets(db, kind, request.query, staffOf(request).userId),
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
    async () => ticketAssignees(db),
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
    async (request) => staffTicketDetail(db, request.params.id),
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
    async (request) =>
      answerTicketAsStaff(actOf(request), { mailer, log: request.log }, request.params.id, request.body.message),
  );

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
    async (request) => updateTicketAsStaff(actOf(request), request.params.id, request.body),
  );
};
