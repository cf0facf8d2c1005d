import { serversAdminEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { endpointRoute } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/errors';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { readServerUsage } from './server-usage';

/** GET /admin/servers/:id/usage: a server's usage history for the Monitor chart (server-usage.ts). */
export const adminServerUsageRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const db = app.database.db;
  endpointRoute(
    app,
    serversAdminEndpoints.getAdminServersUsage,
    {
      schema: {
        tags: ['admin'],
        summary: "A server's usage over time",
        description:
          '`range` `24h` (a point per 15 minutes) or `7d` (a point per hour): CPU, memory, storage and bandwidth in ' +
          'percent, averaged over the point; `up` is false when any sample of the point found the server down. ' +
          'Needs `servers.read`.',
        response: errorResponses({
          400: 'VALIDATION_FAILED: a malformed id or an unknown range',
          ...STAFF_ERRORS,
          404: 'NOT_FOUND: no server has this id',
        }),
      },
    },
    async (request) => readServerUsage(db, clock, request.params.id, request.query.range),
  );
};
