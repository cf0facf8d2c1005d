import { dashboardEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { KeptAnswers, sendKept, serialised } from '../../lib/kept-answers';
import { SIGNED_IN_ERRORS } from '../../lib/customer-route';
import { authOf } from '../../plugins/authenticate';
import { dashboardSummaryDeps, readDashboardSummary } from './summary';
import { dismissGettingStarted, readGettingStarted } from './getting-started';
import { readDashboardTrends } from './trends';
import { endpointRoute } from '../../lib/endpoint-route';

/** GET /dashboard/summary: everything the dashboard home shows, for the signed-in customer. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const summaryDeps = dashboardSummaryDeps(app.database.db, clock, (text) => app.database.prepare(text));
  // Each account's summary, serialised, while its account generation stays and its window gains nothing
  // (docs/decisions/039-account-generation-and-kept-answers.md).
  const kept = new KeptAnswers();

  endpointRoute(
    app,
    dashboardEndpoints.getDashboardSummary,
    {
      schema: {
        tags: ['dashboard'],
        summary: 'My dashboard: counts, what expires within 30 days, balance, latest activity and notifications',
        response: SIGNED_IN_ERRORS,
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      // Read by app.authenticate before anything below, so a kept answer is never newer than its generation.
      const generation = request.accountGeneration;
      let body = kept.get(userId, generation, clock.now());
      if (body === undefined) {
        const { summary, holdsUntil } = await readDashboardSummary(summaryDeps, userId);
        body = serialised(reply, summary);
        kept.set(userId, generation, holdsUntil, body);
      }
      return sendKept(reply, body);
    },
  );

  endpointRoute(
    app,
    dashboardEndpoints.getDashboardTrends,
    {
      schema: {
        tags: ['dashboard'],
        summary: 'My spending by month (12 months) and my hosting’s disk and traffic by day (30 days)',
        response: SIGNED_IN_ERRORS,
      },
    },
    async (request) => readDashboardTrends(app.database.db, authOf(request).userId, clock.now()),
  );

  endpointRoute(
    app,
    dashboardEndpoints.getDashboardGettingStarted,
    {
      schema: {
        tags: ['dashboard'],
        summary: 'My first-run checklist: e-mail verified, first order, a domain pointed here, a site uploaded',
        response: SIGNED_IN_ERRORS,
      },
    },
    async (request) => readGettingStarted(app.database.db, authOf(request).userId),
  );

  endpointRoute(
    app,
    dashboardEndpoints.postDashboardGettingStartedDismiss,
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Put my first-run checklist away (for every device)',
        response: SIGNED_IN_ERRORS,
      },
    },
    async (request) => dismissGettingStarted(app.database.db, authOf(request).userId, clock.now()),
  );
};
