import { domainDetailSchema, domainListQuerySchema, domainPageSchema, idParamsSchema } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CUSTOMER_ROUTE, ITEM_ERRORS, LIST_ERRORS } from '../../lib/customer-route';
import { pageOf } from '../../lib/listing';
import { notFound } from '../../lib/not-found';
import { authOf } from '../../plugins/authenticate';
import { createDomainsRepository } from './domains.repository';

/** GET /domains and /domains/:id (with its DNS records): the signed-in customer's own domains. */
export const domainsRoutes: FastifyPluginAsyncZod = async (app) => {
  const domains = createDomainsRepository(app.database.db);

  app.get(
    '/domains',
    {
      onRequest: app.authenticate,
      schema: {
        ...CUSTOMER_ROUTE,
        tags: ['domains'],
        summary: 'My domains, with how many DNS records each has',
        description: '`q` matches the domain name (literally, ignoring case).',
        querystring: domainListQuerySchema,
        response: { 200: domainPageSchema, ...LIST_ERRORS },
      },
    },
    async (request) => {
      const { items, total } = await domains.list(authOf(request).userId, request.query);
      return pageOf(request.query, total, items);
    },
  );

  app.get(
    '/domains/:id',
    {
      onRequest: app.authenticate,
      schema: {
        ...CUSTOMER_ROUTE,
        tags: ['domains'],
        summary: 'One of my domains, with its DNS records',
        params: idParamsSchema,
        response: { 200: domainDetailSchema, ...ITEM_ERRORS },
      },
    },
    async (request) => {
      const domain = await domains.find(authOf(request).userId, request.params.id);
      if (!domain) throw notFound('Domain');
      return domain;
    },
  );
};
