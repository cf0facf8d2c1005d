import { schedulerEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { staffOf } from '../../plugins/authorize';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { readAutomationSettings } from './automation-settings';
import { runJobNow } from './run-job-now';
import { saveAutomationSettings } from './save-automation-settings';
import type { Scheduler } from './scheduler';
import { endpointRoute } from '../../lib/endpoint-route';
import { statusHistory } from './status-history';

const security = [{ bearerAuth: [] }];

/**
 * The back office's view of the lifecycle automation (docs/decisions/030-lifecycle-automation.md): the jobs and
 * their last runs, running one now, the automation settings, and the status history of a service or domain.
 */
export const adminSchedulerRoutes: FastifyPluginAsyncZod<{
  clock: Clock;
  scheduler: Scheduler;
  schedulerConfig: { enabled: boolean; intervalMs: number };
}> = async (app, { clock, scheduler, schedulerConfig }) => {
  const db = app.database.db;

  endpointRoute(
    app,
    schedulerEndpoints.getAdminScheduler,
    {
      schema: {
        tags: ['admin'],
        summary: "The scheduler's jobs: last run, outcome, next run",
        security,
        response: errorResponses(STAFF_ERRORS),
      },
    },
    async () => ({ ...schedulerConfig, jobs: await scheduler.status() }),
  );

  endpointRoute(
    app,
    schedulerEndpoints.postAdminSchedulerRun,
    {
      schema: {
        tags: ['admin'],
        summary: 'Run one job now',
        description:
          'Runs the job at once, due or not, and answers its new state. 409 INVALID_STATE while another run (of ' +
          'this or another instance) holds the job. Administrators only (`system.maintenance`). Audited.',
        security,
        response: {
          ...errorResponses({
            ...STAFF_ERRORS,
            400: 'VALIDATION_FAILED: no such job',
            409: 'INVALID_STATE: the job is running',
          }),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { job } = request.params;
      const result = await runJobNow({ db, clock, scheduler }, { job, staffId: staff.userId });
      request.log.info({ event: 'job_run_by_staff', job, adminId: staff.userId, outcome: result.outcome }, 'job');
      return (await scheduler.status()).find((row) => row.name === job)!;
    },
  );

  endpointRoute(
    app,
    schedulerEndpoints.getAdminSettingsAutomation,
    {
      schema: {
        tags: ['admin'],
        summary: 'The lifecycle automation settings',
        security,
        response: errorResponses(STAFF_ERRORS),
      },
    },
    async () => readAutomationSettings(db),
  );

  endpointRoute(
    app,
    schedulerEndpoints.putAdminSettingsAutomation,
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the lifecycle automation settings',
        description: 'Every field is required; the jobs read the new values on their next run. Audited.',
        security,
        response: {
          ...errorResponses({ ...BODY_ERRORS, ...STAFF_ERRORS, 400: 'VALIDATION_FAILED (with `fields`)' }),
        },
      },
    },
    async (request) =>
      saveAutomationSettings(db, { next: request.body, staffId: staffOf(request).userId, now: clock.now() }),
  );

  const historyErrors = errorResponses({ ...STAFF_ERRORS, 404: 'NOT_FOUND' });

  endpointRoute(
    app,
    schedulerEndpoints.getAdminServicesHistory,
    {
      schema: {
        tags: ['admin'],
        summary: "A service's status history, newest first (at most 200 changes)",
        security,
        response: historyErrors,
      },
    },
    async (request) => statusHistory(db, 'service', request.params.id),
  );

  endpointRoute(
    app,
    schedulerEndpoints.getAdminDomainsHistory,
    {
      schema: {
        tags: ['admin'],
        summary: "A domain's status history, newest first (at most 200 changes)",
        security,
        response: historyErrors,
      },
    },
    async (request) => statusHistory(db, 'domain', request.params.id),
  );
};
