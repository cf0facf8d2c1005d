import { domainsAdminEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/errors';
import { exportRouteSchema, sendCsv } from '../../lib/staff-export';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { staffOf } from '../../plugins/authorize';
import { domainsExport, listAdminDomains } from './list-domains';

const ERRORS = errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS });

/** The back office's domains list and its export (list-domains.ts). */
export const adminDomainListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.database;

  endpointRoute(
    app,
    domainsAdminEndpoints.getAdminDomains,
    {
      schema: {
        tags: ['admin'],
        summary: 'Domains: search, filter (status, tld), sort, page',
        description:
          "`q` matches any part of the domain name or of its owner's e-mail or name, literally. Needs `domains.read`.",
        response: ERRORS,
      },
    },
    async (request) => listAdminDomains(db, kind, request.query),
  );

  endpointRoute(
    app,
    domainsAdminEndpoints.getAdminDomainsExport,
    { schema: exportRouteSchema("Every domain the list's search and filters match, as CSV", 'domains.read') },
    async (request, reply) => {
      const { heading, read } = domainsExport(db, kind, request.query);
      return sendCsv(db, staffOf(request).userId, reply, request.query.lang, 'domainsFile', heading, read);
    },
  );
};
