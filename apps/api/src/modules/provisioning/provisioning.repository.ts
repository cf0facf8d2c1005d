import type { Kysely, Updateable } from 'kysely';
import type { Database, ProvisioningTaskRow, ProvisioningTasksTable } from '../../db/schema';

/**
 * The provisioning module's queries for the staff actions on a task (docs/decisions/056-module-shape.md,
 * 042-provisioning-engine.md). The engine's own queries are still in tasks.ts and engine.ts.
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
