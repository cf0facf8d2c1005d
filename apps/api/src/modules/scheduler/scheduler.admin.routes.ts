import { schedulerEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { staffOf } from '../../plugins/authorize';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { readAutomationSettings, writeAutomationSettings } from './automation-settings';
import type { Scheduler } from './scheduler';
import { endpointRoute } from '../../lib/endpoint-route';

const security = [{ bearerAuth: [] }];
const iso = (ms: number) => new Date(ms).toISOString();

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
      const result = await scheduler.runNow(job);
      if (!result.claimed) throw new AppError('INVALID_STATE', { message: 'This job is running now' });
      await journal(db, staff.userId, staff.userId, clock.now()).audit({
        action: 'scheduler.run',
        entityType: 'scheduler_job',
        entityId: job,
        after: result,
      });
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
    async (request) => {
      const staff = staffOf(request);
      const next = request.body;
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await readAutomationSettings(trx);
        await writeAutomationSettings(trx, next, staff.userId, now);
        await journal(trx, staff.userId, staff.userId, now).audit({
          action: 'settings.automation.update',
          entityType: 'settings',
          entityId: 'automation',
          before,
          after: next,
        });
      });
      return next;
    },
  );

  const history = (entityType: 'service' | 'domain', table: 'services' | 'domains') => async (id: string) => {
    const found = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
    if (!found) throw new AppError('NOT_FOUND');
    const rows = await db
      .selectFrom('statusHistory')
      .leftJoin('users', 'users.id', 'statusHistory.actorId')
      .select([
        'statusHistory.id',
        'statusHistory.fromStatus',
        'statusHistory.toStatus',
        'statusHistory.reason',
        'statusHistory.job',
        'statusHistory.actorId',
        'statusHistory.createdAt',
        'users.firstName',
        'users.lastName',
      ])
      .where('statusHistory.entityType', '=', entityType)
      .where('statusHistory.entityId', '=', id)
      .orderBy('statusHistory.createdAt', 'desc')
      .orderBy('statusHistory.id')
      .limit(200)
      .execute();
    return {
      items: rows.map((row) => ({
        id: row.id,
        at: iso(row.createdAt),
        from: row.fromStatus,
        to: row.toStatus,
        reason: row.reason,
        job: row.job,
        actor: row.actorId ? { id: row.actorId, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() } : null,
      })),
    };
  };

  const historyErrors = errorResponses({ ...STAFF_ERRORS, 404: 'NOT_FOUND' });
  const serviceHistory = history('service', 'services');
  const domainHistory = history('domain', 'domains');

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
    async (request) => serviceHistory(request.params.id),
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
    async (request) => domainHistory(request.params.id),
  );
};
