import {
  type adminProvisioningQuerySchema,
  type AdminProvisioningTask,
  type adminServerDriverInputSchema,
  PROVISIONING_TASK_STATUSES,
  type ProvisioningTaskStatus,
  provisioningEndpoints,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { journal } from '../../lib/journal';
import type { Mailer } from '../../lib/mail/mailer';
import type { SecretBox } from '../../lib/secret-box';
import { staffOf } from '../../plugins/authorize';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { fullName, iso, isoOrNull, pageOf } from '../../lib/staff-list';
import { contains } from '../../lib/search';
import { sendNoticeMails } from '../scheduler/job-records';
import { driverView, maskSecrets, parseConnection, secretValues, updateConnection } from './connection-settings';
import { buildDriver } from './build-driver';
import { DriverError } from './driver';
import { driverFactory } from './registry';
import { actOnTask, TASK_ACTIONS, type TaskAction } from './task-actions';
import { randomUUID } from 'node:crypto';
import { endpointRoute } from '../../lib/endpoint-route';

/**
 * The back office of the provisioning engine (docs/decisions/042-provisioning-engine.md): a server's driver and
 * connection settings (secrets sealed, never answered), its Test connection, the task list with its filters, and
 * Retry, Cancel and Mark done, each audited in the transaction of its change.
 */

type Query = z.output<typeof adminProvisioningQuerySchema>;
const security = [{ bearerAuth: [] }];
const NOT_FOUND = { 404: 'NOT_FOUND: no task (or server) has this id' } as const;
/** The staff actions on a task, by the last segment of their path. */
const ACTIONS = {
  retry: provisioningEndpoints.postAdminProvisioningRetry,
  cancel: provisioningEndpoints.postAdminProvisioningCancel,
  complete: provisioningEndpoints.postAdminProvisioningComplete,
} as const;

export const adminProvisioningRoutes: FastifyPluginAsyncZod<{
  clock: Clock;
  secretBox: SecretBox;
  mailer: Mailer;
}> = async (app, { clock, secretBox, mailer }) => {
  const { db, kind } = app.database;

  async function readDriver(id: string) {
    const row = await db
      .selectFrom('servers')
      .select(['driverType', 'connectionSettings', 'connectionStatus', 'connectionCheckedAt', 'connectionError'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return driverView(row);
  }

  endpointRoute(
    app,
    provisioningEndpoints.putAdminServersDriver,
    {
      schema: {
        tags: ['admin'],
        summary: "Set a server's provisioning driver and connection settings",
        description:
          'A secret given as a string replaces the stored one, as null clears it, left out keeps it; secrets are ' +
          'sealed at rest and never answered (only `secretsSet`). Changing the driver type clears the secrets and ' +
          'the last test. Tasks waiting for a server of this driver type are woken. Needs `servers.write`; audited ' +
          '(`server.driver`, secret values masked).',
        security,
        response: {
          ...errorResponses({ ...BODY_ERRORS, ...STAFF_ERRORS, ...NOT_FOUND }),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { id } = request.params;
      const input = request.body as z.output<typeof adminServerDriverInputSchema>;
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('servers')
          .select(['driverType', 'connectionSettings'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!before) throw new AppError('NOT_FOUND');
        const stored = parseConnection(before.connectionSettings);
        const sameType = before.driverType === input.driverType;
        const next = input.driverType
          ? updateConnection(secretBox, id, stored, input, sameType)
          : { settings: {}, secrets: {} };
        await trx
          .updateTable('servers')
          .set({
            driverType: input.driverType,
            connectionSettings: input.driverType ? JSON.stringify(next) : null,
            ...(sameType ? {} : { connectionStatus: null, connectionCheckedAt: null, connectionError: null }),
            updatedAt: now,
          })
          .where('id', '=', id)
          .execute();
        if (input.driverType) await app.provisioning.wakeWaiting(trx, input.driverType, now);
        await journal(trx, staff.userId, staff.userId, now, request.ip).audit({
          action: 'server.driver',
          entityType: 'server',
          entityId: id,
          before: { driverType: before.driverType, settings: stored.settings, secretsSet: Object.keys(stored.secrets) },
          after: { driverType: input.driverType, settings: next.settings, secretsSet: Object.keys(next.secrets) },
        });
      });
      return readDriver(id);
    },
  );

  endpointRoute(
    app,
    provisioningEndpoints.postAdminServersTestConnection,
    {
      schema: {
        tags: ['admin'],
        summary: "Test a server's connection through its driver",
        description:
          "Calls the driver's test; the outcome is kept on the server (a failed server takes no new orders) and " +
          'logged as a driver call. 409 INVALID_STATE when the server has no driver (or none is installed for its ' +
          'type). Needs `servers.write`; audited (`server.testConnection`).',
        security,
        response: {
          ...errorResponses({ ...STAFF_ERRORS, ...NOT_FOUND, 409: 'INVALID_STATE: the server has no driver' }),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { id } = request.params;
      const server = await db
        .selectFrom('servers')
        .select(['driverType', 'connectionSettings'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!server) throw new AppError('NOT_FOUND');
      const factory = server.driverType ? driverFactory(server.driverType) : undefined;
      if (!server.driverType || !factory) throw new AppError('INVALID_STATE', { message: 'The server has no driver' });
      const secrets = secretValues(secretBox, id, parseConnection(server.connectionSettings));
      const started = clock.now();
      const t0 = performance.now();
      let error: string | null = null;
      let code: string | null = null;
      try {
        const built = await buildDriver({ db, secretBox, clock }, server.driverType, { id, ...server });
        secrets.push(...(built?.secrets ?? []));
        await built?.driver.testConnection();
      } catch (failure) {
        code = failure instanceof DriverError ? failure.code : 'error';
        error = maskSecrets(failure instanceof Error ? failure.message : String(failure), secrets).slice(0, 1000);
      }
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('provisioningCalls')
          .values({
            id: randomUUID(),
            taskId: null,
            serverId: id,
            driverType: server.driverType!,
            operation: 'testConnection',
            startedAt: started,
            durationMs: Math.round(performance.now() - t0),
            outcome: error === null ? 'ok' : 'error',
            errorCode: code,
            message: error,
          })
          .execute();
        await trx
          .updateTable('servers')
          .set({ connectionStatus: error === null ? 'ok' : 'failed', connectionCheckedAt: now, connectionError: error })
          .where('id', '=', id)
          .execute();
        if (error === null) await app.provisioning.wakeWaiting(trx, server.driverType!, now);
        await journal(trx, staff.userId, staff.userId, now, request.ip).audit({
          action: 'server.testConnection',
          entityType: 'server',
          entityId: id,
          after: { outcome: error === null ? 'ok' : 'failed', code },
        });
      });
      return readDriver(id);
    },
  );

  /** The tasks the filters match, newest first, with their resource, owner and server. */
  const search = (query: Omit<Query, 'page' | 'pageSize'>) => {
    let filtered = db
      .selectFrom('provisioningTasks as t')
      .innerJoin('users as u', 'u.id', 't.userId')
      .leftJoin('services as s', (join) => join.onRef('s.id', '=', 't.resourceId').on('t.resourceType', '=', 'service'))
      .leftJoin('domains as d', (join) => join.onRef('d.id', '=', 't.resourceId').on('t.resourceType', '=', 'domain'))
      .leftJoin('servers as v', 'v.id', 't.serverId');
    if (query.status !== undefined) filtered = filtered.where('t.status', '=', query.status);
    if (query.serverId !== undefined) filtered = filtered.where('t.serverId', '=', query.serverId);
    if (query.userId !== undefined) filtered = filtered.where('t.userId', '=', query.userId);
    if (query.resourceType !== undefined) filtered = filtered.where('t.resourceType', '=', query.resourceType);
    if (query.resourceId !== undefined) filtered = filtered.where('t.resourceId', '=', query.resourceId);
    if (query.q !== undefined) filtered = filtered.where(contains(kind, 'users', 'u', query.q));
    const order = query.order === 'asc' ? 'asc' : 'desc';
    const rows = (limit: number, offset: number) =>
      filtered
        .selectAll('t')
        .select([
          'u.firstName',
          'u.lastName',
          'u.email',
          's.name as serviceName',
          'd.name as domainName',
          'v.name as serverName',
        ])
        .orderBy('t.id', order)
        .limit(limit)
        .offset(offset)
        .execute();
    return { filtered, rows };
  };

  endpointRoute(
    app,
    provisioningEndpoints.getAdminProvisioning,
    {
      schema: {
        tags: ['admin'],
        summary: 'Provisioning tasks: filter by status, server, customer, service or domain; page',
        description:
          "`q` matches any part of the owner's e-mail or name. Newest first. `counts` gives every status's number under the other filters. A task's `error` is the " +
          "driver's last error (staff only). Needs `provisioning.read`.",
        security,
        response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request) => {
      const query = request.query as Query;
      const { filtered, rows } = search(query);
      const page = await pageOf(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        rows,
        (row): AdminProvisioningTask => ({
          id: row.id,
          resource: {
            type: row.resourceType,
            id: row.resourceId,
            name: row.serviceName ?? row.domainName ?? keptName(row) ?? row.resourceId,
          },
          owner: { id: row.userId, name: fullName(row.firstName, row.lastName), email: row.email },
          driverType: row.driverType,
          operation: row.operation,
          status: row.status,
          server: row.serverId && row.serverName ? { id: row.serverId, name: row.serverName } : null,
          attempts: row.attempts,
          maxAttempts: row.maxAttempts,
          nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
          waitReason: row.status === 'pending' && row.waitReason === 'no-server' ? 'no-server' : null,
          error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? '' } : null,
          createdAt: iso(row.createdAt),
          updatedAt: iso(row.updatedAt),
          finishedAt: isoOrNull(row.finishedAt),
        }),
      );
      const { status: _status, ...others } = query;
      const byStatus = await search(others)
        .filtered.select(['t.status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('t.status')
        .execute();
      const counts = Object.fromEntries(PROVISIONING_TASK_STATUSES.map((s) => [s, 0])) as Record<
        ProvisioningTaskStatus,
        number
      >;
      for (const row of byStatus) counts[row.status] = Number(row.n);
      return { ...page, counts };
    },
  );

  /** Retry, Cancel or Mark done on one task, audited in the transaction of its change (task-actions.ts). */
  const action = (path: TaskAction, summary: string) => {
    const { from } = TASK_ACTIONS[path];
    endpointRoute(
      app,
      ACTIONS[path],
      {
        schema: {
          tags: ['admin'],
          summary,
          description: `Allowed from ${from.join(', ')}; 409 INVALID_STATE otherwise. Needs \`provisioning.write\`; audited (\`provisioning.${path}\`).`,
          security,
          response: errorResponses({
            ...STAFF_ERRORS,
            ...NOT_FOUND,
            409: 'INVALID_STATE: the task is not in a status this allows',
          }),
        },
      },
      async (request, reply) => {
        const mails = await actOnTask(db, app.provisioning, {
          id: request.params.id,
          action: path,
          staffId: staffOf(request).userId,
          now: clock.now(),
          ip: request.ip,
        });
        await sendNoticeMails(db, mailer, request.log, mails);
        return reply.code(204).send(null);
      },
    );
  };

  action('retry', 'Retry a task now, with a fresh set of tries');
  action('cancel', 'Cancel a task: it will not run');
  action('complete', 'Mark a task done by hand (the change was made outside the engine)');
};

function keptName(row: { details: string | null }): string | undefined {
  if (!row.details) return undefined;
  const kept = JSON.parse(row.details) as { name?: unknown };
  return typeof kept.name === 'string' ? kept.name : undefined;
}
