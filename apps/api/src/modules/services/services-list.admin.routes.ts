import { servicesAdminEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/errors';
import { exportRouteSchema, sendCsv } from '../../lib/staff-export';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { staffOf } from '../../plugins/authorize';
import { listAdminServices, servicesExport } from './list-services';

const ERRORS = errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS });

/** The back office's services list and its export (list-services.ts). */
export const adminServiceListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.database;

  endpointRoute(
    app,
    servicesAdminEndpoints.getAdminServices,
    {
      schema: {
        tags: ['admin'],
        summary: 'Services (hosting and every other kind): search, filter (kind, status), sort, page',
        description:
          "`q` matches any part of the service's domain or of its owner's e-mail or name, literally. The hosting " +
          'page asks for `kind=hosting`. Needs `hosting.read`.',
        response: ERRORS,
      },
    },
    async (request) => listAdminServices(db, kind, request.query),
  );

  endpointRoute(
    app,
    servicesAdminEndpoints.getAdminServicesExport,
    { schema: exportRouteSchema("Every service the list's search and filters match, as CSV", 'hosting.read') },
    async (request, reply) => {
      const { heading, read } = servicesExport(db, kind, request.query);
      return sendCsv(db, staffOf(request).userId, reply, request.query.lang, 'hostingFile', heading, read);
    },
  );
};
