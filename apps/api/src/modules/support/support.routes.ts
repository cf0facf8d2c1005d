import { supportEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ITEM_ERRORS, LIST_ERRORS } from '../../lib/customer-route';
import { pageOf } from '../../lib/listing';
import { notFound } from '../../lib/not-found';
import { authOf } from '../../plugins/authenticate';
import { createSupportRepository } from './support.repository';
import { endpointRoute } from '../../lib/endpoint-route';

/** GET /tickets and /tickets/:id (with its messages): the signed-in customer's own tickets. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tickets = createSupportRepository(app.database.db);

  endpointRoute(
    app,
    supportEndpoints.getTickets,
    {
      schema: {
        tags: ['support'],
        summary: 'My support tickets',
        description: '`q` matches the subject (literally; ignoring case for Latin letters on SQLite).',
        response: LIST_ERRORS,
      },
    },
    async (request) => {
      const { items, total } = await tickets.list(authOf(request).userId, request.query);
      return pageOf(request.query, total, items);
    },
  );

  endpointRoute(
    app,
    supportEndpoints.getTicketsItem,
    {
      schema: {
        tags: ['support'],
        summary: 'One of my tickets, with its messages',
        response: ITEM_ERRORS,
      },
    },
    async (request) => {
      const ticket = await tickets.find(authOf(request).userId, request.params.id);
      if (!ticket) throw notFound('Ticket');
      return ticket;
    },
  );
};
