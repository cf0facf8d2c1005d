import type { SchedulerJobName } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The scheduler module's queries (docs/decisions/056-module-shape.md): the jobs' lease rows, the scheduler's own
 * `settings` key (the automation settings), and the status history of a service or a domain
 * (docs/decisions/030-lifecycle-automation.md), with the name of the staff member behind each change read from
 * their `users` row in the same statement, as the back office's lists read the owner's.
 */

/** The latest changes of one service or domain, newest first. */
export const statusHistoryRows = (
  db: Kysely<Database>,
  entityType: 'service' | 'domain',
  entityId: string,
  limit: number,
) =>
  db
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
    .where('statusHistory.entityId', '=', entityId)
    .orderBy('statusHistory.createdAt', 'desc')
    .orderBy('statusHistory.id')
    .limit(limit)
    .execute();

/** Adds the lease row of each named job that has none yet, due at `now`. */
export async function ensureJobRows(db: Kysely<Database>, names: readonly SchedulerJobName[], now: number) {
  await db
    .insertInto('schedulerJobs')
    .values(names.map((name) => ({ name, nextRunAt: now })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Takes the job's lease for `owner` when it is free (or expired) and, unless `force`, the job is due; answers
 * whether this call took it.
 */
export async function claimJobLease(
  db: Kysely<Database>,
  claim: { name: SchedulerJobName; owner: string; now: number; leaseMs: number; force: boolean },
): Promise<boolean> {
  const { name, owner, now, leaseMs, force } = claim;
  let query = db
    .updateTable('schedulerJobs')
    .set({ leaseOwner: owner, leaseExpiresAt: now + leaseMs, lastStartedAt: now, outcome: 'running' })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('leaseExpiresAt', 'is', null), eb('leaseExpiresAt', '<=', now)]));
  if (!force) query = query.where('nextRunAt', '<=', now);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Frees the lease `owner` holds and records the run's end, outcome and next run. */
export async function releaseJobLease(
  db: Kysely<Database>,
  release: {
    name: SchedulerJobName;
    owner: string;
    now: number;
    outcome: 'succeeded' | 'failed';
    changed: number | null;
    error: string | null;
    nextRunAt: number;
  },
): Promise<void> {
  await db
    .updateTable('schedulerJobs')
    .set({
      leaseOwner: null,
      leaseExpiresAt: null,
      lastFinishedAt: release.now,
      outcome: release.outcome,
      changed: release.changed,
      error: release.error,
      nextRunAt: release.nextRunAt,
    })
    .where('name', '=', release.name)
    .where('leaseOwner', '=', release.owner)
    .execute();
}

export const jobRows = (db: Kysely<Database>) => db.selectFrom('schedulerJobs').selectAll().execute();

/** The lifecycle jobs' settings, one `settings` row (docs/decisions/030-lifecycle-automation.md). */
export const AUTOMATION_SETTING = 'automation';

/** The stored automation settings' JSON text, or undefined. */
export async function storedAutomationSettings(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', AUTOMATION_SETTING).executeTakeFirst();
  return row?.value;
}

export async function storeAutomationSettings(
  db: Kysely<Database>,
  value: string,
  actorId: string | null,
  now: number,
): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: AUTOMATION_SETTING, value, updatedAt: now, updatedBy: actorId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now, updatedBy: actorId }))
    .execute();
}
