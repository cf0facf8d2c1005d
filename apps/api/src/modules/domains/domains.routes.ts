import { domainsEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ITEM_ERRORS, LIST_ERRORS } from '../../lib/customer-route';
import { pageOf } from '../../lib/listing';
import { notFound } from '../../lib/not-found';
import { authOf } from '../../plugins/authenticate';
import { listOwnDomains, ownDomain } from './customer-domains';
import { endpointRoute } from '../../lib/endpoint-route';

/** GET /domains and /domains/:id (with its DNS records): the signed-in customer's own domains. */
export const domainsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  endpointRoute(
    app,
    domainsEndpoints.getDomains,
    {
      schema: {
        tags: ['domains'],
        summary: 'My domains, with how many DNS records each has',
        description: '`q` matches the domain name (literally, ignoring case).',
        response: LIST_ERRORS,
      },
    },
    async (request) => {
      const { items, total } = await listOwnDomains(db, authOf(request).userId, request.query);
      return pageOf(request.query, total, items);
    },
  );

  endpointRoute(
    app,
    domainsEndpoints.getDomainsItem,
    {
      schema: {
        tags: ['domains'],
        summary: 'One of my domains, with its DNS records',
        response: ITEM_ERRORS,
      },
    },
    async (request) => {
      const domain = await ownDomain(db, authOf(request).userId, request.params.id);
      if (!domain) throw notFound('Domain');
      return domain;
    },
  );
};
