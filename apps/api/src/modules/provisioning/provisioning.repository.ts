import type { adminProvisioningQuerySchema, DriverType } from '@hostpilot/shared';
import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database, ProvisioningCallsTable, ProvisioningTaskRow, ProvisioningTasksTable } from '../../db/schema';
import { contains } from '../../lib/search';

/**
 * The provisioning module's queries: its tasks and their calls, for the outbox (tasks.ts), the engine's workers
 * (engine.ts), the staff actions on a task, the back office's task list and where a site is (site-node.ts)
 * (docs/decisions/056-module-shape.md, 042-provisioning-engine.md). The rows of other modules the engine reads and
 * writes go through their index.ts.
 */

/** One task by id. */
export const findTask = (db: Kysely<Database>, id: string): Promise<ProvisioningTaskRow | undefined> =>
  db.selectFrom('provisioningTasks').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Changes a task only while it is still in the status read: a worker finishing it at the same moment wins. Whether
 * the row moved.
 */
export const updateTaskInStatus = async (
  db: Kysely<Database>,
  task: Pick<ProvisioningTaskRow, 'id' | 'status'>,
  change: Updateable<ProvisioningTasksTable>,
): Promise<boolean> => {
  const moved = await db
    .updateTable('provisioningTasks')
    .set(change)
    .where('id', '=', task.id)
    .where('status', '=', task.status)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
};

/** A task waiting to run now with a fresh set of tries, as staff's Retry leaves it. */
export const freshTries = (now: number): Updateable<ProvisioningTasksTable> => ({
  status: 'pending',
  attempts: 0,
  nextAttemptAt: now,
  waitReason: null,
  leaseOwner: null,
  leaseUntil: null,
});

/** Writes a task's new state. */
export const updateTask = async (
  db: Kysely<Database>,
  id: string,
  change: Updateable<ProvisioningTasksTable>,
): Promise<void> => {
  await db.updateTable('provisioningTasks').set(change).where('id', '=', id).execute();
};

/** The oldest unfinished task (failed, or waiting for its next try) of a resource for a driver type. */
export const findWaitingTask = (
  db: Kysely<Database>,
  resource: { resourceType: 'service' | 'domain'; resourceId: string; driverType: DriverType },
) =>
  db
    .selectFrom('provisioningTasks')
    .select(['id', 'status'])
    .where('resourceType', '=', resource.resourceType)
    .where('resourceId', '=', resource.resourceId)
    .where('driverType', '=', resource.driverType)
    .where('status', 'in', ['failed', 'pending'])
    .orderBy('id')
    .executeTakeFirst();

type TaskQuery = z.output<typeof adminProvisioningQuerySchema>;

/** The tasks the filters match, newest first, with their resource, owner and server. */
export function tasksMatching(db: Kysely<Database>, kind: DatabaseKind, query: Omit<TaskQuery, 'page' | 'pageSize'>) {
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
  const count = () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
  const byStatus = () =>
    filtered
      .select(['t.status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('t.status')
      .execute();
  return { rows, count, byStatus };
}

/** Unfinished tasks: they hold back later tasks of the same resource. */
export const UNFINISHED = ['pending', 'running', 'failed'] as const;

/** The due condition of a claim: pending and due, or running under a lease that has expired. */
const claimable = (now: number) =>
  sql<boolean>`((status = 'pending' and next_attempt_at <= ${now}) or (status = 'running' and lease_until <= ${now}))`;

/**
 * Tasks that may run now, oldest first; none behind an unfinished earlier task of the same resource and driver (a
 * hosting service's site and its certificate are two queues: a CA that is down holds back no suspension).
 */
export async function dueTaskIds(db: Kysely<Database>, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('provisioningTasks as t')
    .select('t.id')
    .where(claimable(now))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('provisioningTasks as e')
            .select('e.id')
            .whereRef('e.resourceType', '=', 't.resourceType')
            .whereRef('e.resourceId', '=', 't.resourceId')
            .whereRef('e.driverType', '=', 't.driverType')
            .whereRef('e.id', '<', 't.id')
            .where('e.status', 'in', UNFINISHED),
        ),
      ),
    )
    .orderBy('t.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Takes a task's lease for `leaseOwner`; undefined when another worker has it (or it is no longer due). */
export const claimTask = (
  db: Kysely<Database>,
  id: string,
  now: number,
  lease: { owner: string; until: number },
): Promise<ProvisioningTaskRow | undefined> =>
  db
    .updateTable('provisioningTasks')
    .set((eb) => ({
      status: 'running',
      leaseOwner: lease.owner,
      leaseUntil: lease.until,
      attempts: eb('attempts', '+', 1),
      updatedAt: now,
    }))
    .where('id', '=', id)
    .where(claimable(now))
    .returningAll()
    .executeTakeFirst();

/** Ends `leaseOwner`'s hold on a running task with the given columns, only while it still holds it. */
export async function settleTask(
  trx: Kysely<Database>,
  id: string,
  leaseOwner: string,
  set: Updateable<ProvisioningTasksTable>,
): Promise<boolean> {
  const done = await trx
    .updateTable('provisioningTasks')
    .set({ leaseOwner: null, leaseUntil: null, ...set })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('leaseOwner', '=', leaseOwner)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** One call of a driver (a task's operation, or staff's Test connection), kept for its history. */
export async function recordCall(db: Kysely<Database>, call: Insertable<ProvisioningCallsTable>): Promise<void> {
  await db.insertInto('provisioningCalls').values(call).execute();
}

/** Wakes the tasks waiting for a server of this driver type. */
export async function wakeWaitingTasks(trx: Kysely<Database>, driverType: DriverType, now: number): Promise<void> {
  await trx
    .updateTable('provisioningTasks')
    .set({ nextAttemptAt: now, waitReason: null, updatedAt: now })
    .where('status', '=', 'pending')
    .where('driverType', '=', driverType)
    .where('waitReason', '=', 'no-server')
    .execute();
}

/**
 * A resource's unfinished tasks (a few at most): with an ORDER BY id the planner walks the resource's whole
 * history of done tasks by id instead of seeking the unfinished ones (migration 0370's index;
 * docs/decisions/042-provisioning-engine.md), so the caller picks the latest.
 */
export const unfinishedTasks = (trx: Kysely<Database>, resourceType: 'service' | 'domain', resourceId: string) =>
  trx
    .selectFrom('provisioningTasks')
    .select(['id', 'operation', 'status', 'driverType'])
    .where('resourceType', '=', resourceType)
    .where('resourceId', '=', resourceId)
    .where('status', 'in', UNFINISHED)
    .execute();

/**
 * Folds a change into a pending task: marks it changed now, only while still pending (a worker that claimed it
 * meanwhile has read the resource already). On PostgreSQL this row lock also holds back a claim until commit.
 */
export async function touchPendingTask(trx: Kysely<Database>, id: string, now: number): Promise<boolean> {
  const folded = await trx
    .updateTable('provisioningTasks')
    .set({ updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(folded.numUpdatedRows) === 1;
}

/** Writes a new task. */
export async function insertTask(trx: Kysely<Database>, task: Insertable<ProvisioningTasksTable>): Promise<void> {
  await trx.insertInto('provisioningTasks').values(task).execute();
}

/** The statuses of a resource's unfinished tasks, of one driver when given. */
export async function unfinishedStatuses(
  trx: Kysely<Database>,
  resourceType: 'service' | 'domain',
  resourceId: string,
  driverType: DriverType | null,
): Promise<ProvisioningTaskRow['status'][]> {
  const open = await trx
    .selectFrom('provisioningTasks')
    .select('status')
    .where('resourceType', '=', resourceType)
    .where('resourceId', '=', resourceId)
    .where('status', 'in', UNFINISHED)
    .$if(driverType !== null, (qb) => qb.where('driverType', '=', driverType!))
    .execute();
  return open.map((t) => t.status);
}

/**
 * The servers of the finished web-node tasks of these services, newest first: where each site was last made
 * (site-node.ts picks the first row of each service whose server is a web node).
 */
export const doneWebNodeTaskServers = (db: Kysely<Database>, serviceIds: readonly string[]) =>
  db
    .selectFrom('provisioningTasks')
    .select(['resourceId', 'serverId'])
    .where('resourceType', '=', 'service')
    .where('resourceId', 'in', serviceIds)
    .where('driverType', '=', 'web-node')
    .where('status', '=', 'done')
    .orderBy('finishedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();

/**
 * The hosting services a web node may hold, for the usage collection: active or suspended, placed on one of the
 * nodes or created by a web-node task. A read model over `services` and `provisioningTasks` in one statement (the
 * exists test per service), as a list of every service a web node ever created would not fit an `in` list
 * (docs/decisions/056-module-shape.md, "Addendum (2026-11-27)").
 */
export const webNodeSiteCandidates = (db: Kysely<Database>, nodeIds: readonly string[]) =>
  db
    .selectFrom('services')
    .select(['services.id', 'services.serverId', 'services.domain', 'services.planId'])
    .where('services.kind', '=', 'hosting')
    .where('services.status', 'in', ['active', 'suspended'])
    .where((eb) =>
      eb.or([
        eb('services.serverId', 'in', [...nodeIds]),
        eb.exists(
          eb
            .selectFrom('provisioningTasks')
            .select('provisioningTasks.id')
            .whereRef('provisioningTasks.resourceId', '=', 'services.id')
            .where('provisioningTasks.resourceType', '=', 'service')
            .where('provisioningTasks.driverType', '=', 'web-node')
            .where('provisioningTasks.operation', '=', 'create')
            .where('provisioningTasks.status', '=', 'done'),
        ),
      ]),
    )
    .orderBy('services.id')
    .execute();

/** Which of these resources have ever had a provisioning task, in slices under the bound parameter limits. */
export async function resourcesWithTasks(
  db: Kysely<Database>,
  resourceType: 'service' | 'domain',
  ids: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  // In slices, under the bound parameter limits of SQLite and PostgreSQL.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('provisioningTasks')
      .select('resourceId')
      .where('resourceType', '=', resourceType)
      .where('resourceId', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.resourceId);
  }
  return found;
}

/** Which of these services have had a task of the driver (a hosting service a web node made or will make). */
export async function servicesWithDriverTasks(
  db: Kysely<Database>,
  serviceIds: readonly string[],
  driverType: DriverType,
): Promise<Set<string>> {
  if (serviceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('provisioningTasks')
    .select('resourceId')
    .distinct()
    .where('resourceType', '=', 'service')
    .where('resourceId', 'in', [...serviceIds])
    .where('driverType', '=', driverType)
    .execute();
  return new Set(rows.map((row) => row.resourceId));
}
