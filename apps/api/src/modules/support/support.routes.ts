import { idParamsSchema, ticketDetailSchema, ticketListQuerySchema, ticketPageSchema } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CUSTOMER_ROUTE, ITEM_ERRORS, LIST_ERRORS } from '../../lib/customer-route';
import { pageOf } from '../../lib/listing';
import { notFound } from '../../lib/not-found';
import { authOf } from '../../plugins/authenticate';
import { createSupportRepository } from './support.repository';

/** GET /tickets and /tickets/:id (with its messages): the signed-in customer's own tickets. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tickets = createSupportRepository(app.database.db);

  app.get(
    '/tickets',
    {
      onRequest: app.authenticate,
      schema: {
        ...CUSTOMER_ROUTE,
        tags: ['support'],
        summary: 'My support tickets',
        description: '`q` matches the subject (literally; ignoring case for Latin letters on SQLite).',
        querystring: ticketListQuerySchema,
        response: { 200: ticketPageSchema, ...LIST_ERRORS },
      },
    },
    async (request) => {
      const { items, total } = await tickets.list(authOf(request).userId, request.query);
      return pageOf(request.query, total, items);
    },
  );

  app.get(
    '/tickets/:id',
    {
      onRequest: app.authenticate,
      schema: {
        ...CUSTOMER_ROUTE,
        tags: ['support'],
        summary: 'One of my tickets, with its messages',
        params: idParamsSchema,
        response: { 200: ticketDetailSchema, ...ITEM_ERRORS },
      },
    },
    async (request) => {
      const ticket = await tickets.find(authOf(request).userId, request.params.id);
      if (!ticket) throw notFound('Ticket');
      return ticket;
    },
  );
};
