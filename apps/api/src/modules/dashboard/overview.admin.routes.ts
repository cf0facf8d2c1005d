import { dashboardEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { endpointRoute } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/errors';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { readOverview, readTrends } from './admin-overview';

/** GET /admin/overview: the back office's first page, every figure computed from the data now. */
export const adminOverviewRoutes: FastifyPluginAsyncZod<{ dataDir: string; clock: Clock }> = async (app, options) => {
  const { db } = app.database;

  endpointRoute(
    app,
    dashboardEndpoints.getAdminOverview,
    {
      schema: {
        tags: ['admin'],
        summary: 'Overview figures: users, hosting and server load, domains by TLD, revenue, tickets, activity, host',
        description: 'Computed on each call from the data. Needs `overview.read`.',
        response: errorResponses(STAFF_ERRORS),
      },
    },
    async () => readOverview(db, options.dataDir),
  );

  endpointRoute(
    app,
    dashboardEndpoints.getAdminOverviewTrends,
    {
      schema: {
        tags: ['admin'],
        summary: 'Daily revenue, new customers, orders, tickets and server load of the last 7, 30 or 90 days',
        description:
          'One entry per UTC day, oldest first, ending today; every figure grouped by day in the database. ' +
          'Needs `overview.read`.',
        response: errorResponses(STAFF_ERRORS),
      },
    },
    async (request) => readTrends(db, options.clock.now(), request.query.days),
  );
};
