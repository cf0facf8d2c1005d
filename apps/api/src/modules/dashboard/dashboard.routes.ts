import { dashboardSummarySchema } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { CUSTOMER_ROUTE, SIGNED_IN_ERRORS } from '../../lib/customer-route';
import { authOf } from '../../plugins/authenticate';
import { createDashboardService } from './dashboard.service';

/** GET /dashboard/summary: everything the dashboard home shows, for the signed-in customer. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const dashboard = createDashboardService(app.database.db, clock, (text) => app.database.prepare(text));

  app.get(
    '/dashboard/summary',
    {
      onRequest: app.authenticate,
      schema: {
        ...CUSTOMER_ROUTE,
        tags: ['dashboard'],
        summary: 'My dashboard: counts, what expires within 30 days, balance, latest activity and notifications',
        response: { 200: dashboardSummarySchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => dashboard.summary(authOf(request).userId),
  );
};
