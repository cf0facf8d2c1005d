import { serversAdminEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/errors';
import { exportRouteSchema, sendCsv } from '../../lib/staff-export';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { staffOf } from '../../plugins/authorize';
import { listServers, serversExport } from './list-servers';

const ERRORS = errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS });

/** The back office's servers list with its summary, and its export (list-servers.ts). */
export const adminServerListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.database;

  endpointRoute(
    app,
    serversAdminEndpoints.getAdminServers,
    {
      schema: {
        tags: ['admin'],
        summary: 'Servers: search, filter (status, type, location), sort, page, with the summary',
        description:
          '`q` matches any part of the name or address, literally (a short table: no index needed). `summary` ' +
          'covers every server. Needs `servers.read`.',
        response: ERRORS,
      },
    },
    async (request) => listServers(db, kind, request.query),
  );

  endpointRoute(
    app,
    serversAdminEndpoints.getAdminServersExport,
    { schema: exportRouteSchema("Every server the list's search and filters match, as CSV", 'servers.read') },
    async (request, reply) => {
      const { heading, read } = serversExport(db, kind, request.query);
      return sendCsv(db, staffOf(request).userId, reply, request.query.lang, 'serversFile', heading, read);
    },
  );
};
