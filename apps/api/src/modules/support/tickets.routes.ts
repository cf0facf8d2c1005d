import { supportEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { CUSTOMER_ROUTE } from '../../lib/customer-route';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { notFound } from '../../lib/not-found';
import { authOf } from '../../plugins/authenticate';
import { createSupportRepository } from './support.repository';
import { closeTicket } from './close-ticket';
import { openTicket } from './open-ticket';
import { reopenTicket } from './reopen-ticket';
import { replyToTicket } from './reply-to-ticket';
import type { TicketDeps } from './ticket-moves';
import { endpointRoute } from '../../lib/endpoint-route';

const ERRORS = errorResponses({
  ...BODY_ERRORS,
  401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
  404: 'NOT_FOUND: no such ticket on this account',
  409: 'INVALID_STATE: a closed ticket takes no message; only a closed ticket can be reopened',
});

/** POST /tickets, /tickets/:id/messages, /tickets/:id/close and /tickets/:id/reopen: each answers the ticket. */
export const ticketActionsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, options) => {
  const deps: TicketDeps = { db: app.database.db, clock: options.clock };
  const tickets = createSupportRepository(app.database.db);
  const detail = async (userId: string, id: string) => {
    const ticket = await tickets.find(userId, id);
    if (!ticket) throw notFound('Ticket');
    return ticket;
  };
  const schema = { ...CUSTOMER_ROUTE, tags: ['support'] };

  endpointRoute(
    app,
    supportEndpoints.postTickets,
    {
      schema: {
        ...schema,
        summary: 'Open a ticket with its first message',
        response: {
          ...ERRORS,
          ...errorResponses({ 403: 'EMAIL_NOT_VERIFIED: the account has not verified its e-mail address yet' }),
        },
      },
    },
    async (request, reply) => {
      const userId = authOf(request).userId;
      const id = await openTicket(deps, userId, request.body);
      return reply.code(201).send(await detail(userId, id));
    },
  );

  endpointRoute(
    app,
    supportEndpoints.postTicketsMessages,
    {
      schema: {
        ...schema,
        summary: 'Write in a ticket (it becomes open)',
        response: ERRORS,
      },
    },
    async (request) => {
      const userId = authOf(request).userId;
      await replyToTicket(deps, userId, request.params.id, request.body.message);
      return detail(userId, request.params.id);
    },
  );

  for (const [entry, closed] of [
    [supportEndpoints.postTicketsClose, true],
    [supportEndpoints.postTicketsReopen, false],
  ] as const) {
    endpointRoute(
      app,
      entry,
      {
        schema: {
          ...schema,
          summary: closed ? 'Close a ticket' : 'Reopen a closed ticket',
          response: ERRORS,
        },
      },
      async (request) => {
        const userId = authOf(request).userId;
        await (closed ? closeTicket : reopenTicket)(deps, userId, request.params.id);
        return detail(userId, request.params.id);
      },
    );
  }
};
