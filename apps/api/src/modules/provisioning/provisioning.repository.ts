import type { adminProvisioningQuerySchema } from '@hostpilot/shared';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import { contains } from '../../lib/search';
import type { DriverType } from '@hostpilot/shared';
import type { Database, ProvisioningCallsTable, ProvisioningTaskRow, ProvisioningTasksTable } from '../../db/schema';

/**
 * The provisioning module's queries for the staff actions on a task (docs/decisions/056-module-shape.md,
 * 042-provisioning-engine.md), the back office's task list and the driver calls it records. The engine's own
 * queries are still in tasks.ts and engine.ts.
 */

/** One task by id. */
export const findTask = (db: Kysely<Database>, id: string): Promise<ProvisioningTaskRow | undefined> =>
  db.selectFrom('provisioningTasks').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Marks the task as changed now, only while it is still in the status read: a worker finishing it at the same
 * moment wins. Whether the row was claimed.
 */
export const claimTaskInStatus = async (
  db: Kysely<Database>,
  task: Pick<ProvisioningTaskRow, 'id' | 'status'>,
  now: number,
): Promise<boolean> => {
  const moved = await db
    .updateTable('provisioningTasks')
    .set({ updatedAt: now })
    .where('id', '=', task.id)
    .where('status', '=', task.status)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
};

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

/** Fresh tries for a task now, only while it is still in the status read; whether the row moved. */
export const reviveTaskInStatus = async (
  db: Kysely<Database>,
  task: Pick<ProvisioningTaskRow, 'id' | 'status'>,
  now: number,
): Promise<boolean> => {
  const moved = await db
    .updateTable('provisioningTasks')
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      waitReason: null,
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: now,
    })
    .where('id', '=', task.id)
    .where('status', '=', task.status)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
};

/** Records one call of a driver (a task's operation, or staff's Test connection). */
export async function insertDriverCall(db: Kysely<Database>, call: Insertable<ProvisioningCallsTable>): Promise<void> {
  await db.insertInto('provisioningCalls').values(call).execute();
}

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
