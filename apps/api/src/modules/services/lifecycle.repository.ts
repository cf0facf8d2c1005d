import { type Kysely, sql } from 'kysely';
import type { Database, ServiceRow } from '../../db/schema';

/**
 * The services table as the lifecycle jobs read and change it (docs/decisions/030-lifecycle-automation.md,
 * docs/decisions/056-module-shape.md): which services are due, and the conditional writes that re-check a service
 * is still due, so a job run twice changes nothing twice. Each write takes the caller's transaction.
 */

export const findServiceRow = (db: Kysely<Database>, id: string): Promise<ServiceRow | undefined> =>
  db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst();

/** Active services expiring by `horizon` with no cancellation waiting, soonest first. */
export const activeServicesExpiringBy = (db: Kysely<Database>, horizon: number) =>
  db
    .selectFrom('services')
    .select(['id', 'userId', 'expiresAt'])
    .where('status', '=', 'active')
    .where('expiresAt', '<=', horizon)
    .where('cancelRequestedAt', 'is', null)
    .orderBy('expiresAt')
    .execute();

/** Active services, no cancellation waiting, that expired at or before `threshold`. */
export const activeServicesExpiredBy = (db: Kysely<Database>, threshold: number) =>
  db
    .selectFrom('services')
    .select(['id', 'userId'])
    .where('status', '=', 'active')
    .where('cancelRequestedAt', 'is', null)
    .where('expiresAt', '<=', threshold)
    .execute();

/** Suspends a service still active and expired by `threshold`; answers whether it did. */
export async function suspendActiveExpiredBy(
  trx: Kysely<Database>,
  id: string,
  change: { threshold: number; reason: string; now: number },
): Promise<boolean> {
  const done = await trx
    .updateTable('services')
    .set({ status: 'suspended', suspensionReason: change.reason, updatedAt: change.now })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('expiresAt', '<=', change.threshold)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * Services expired by `threshold`, no cancellation waiting, still held (active or expired) or suspended for the
 * given reason.
 */
export const servicesExpiredByHeldOrSuspended = (db: Kysely<Database>, threshold: number, reason: string) =>
  db
    .selectFrom('services')
    .select(['id', 'userId'])
    .where('expiresAt', '<=', threshold)
    .where('cancelRequestedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['active', 'expired']),
        eb.and([eb('status', '=', 'suspended'), eb('suspensionReason', '=', reason)]),
      ]),
    )
    .execute();

/** Cancels a service still in status `from`; answers whether it did. */
export async function cancelServiceIn(
  trx: Kysely<Database>,
  id: string,
  from: ServiceRow['status'],
  now: number,
): Promise<boolean> {
  const done = await trx
    .updateTable('services')
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** The owners of the given services that are in one of `statuses`. */
export const ownersOfServicesIn = (
  db: Kysely<Database>,
  ids: readonly string[],
  statuses: readonly ServiceRow['status'][],
) =>
  db.selectFrom('services').select(['id', 'userId']).where('id', 'in', ids).where('status', 'in', statuses).execute();

/** How many active services each server holds (servers without one are absent). */
export const activeServiceCountsByServer = (db: Kysely<Database>) =>
  db
    .selectFrom('services')
    .select(['serverId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('serverId', 'is not', null)
    .where('status', '=', 'active')
    .groupBy('serverId')
    .execute();

/**
 * Keeps the day's figure of each hosting service's disk and traffic (one row per service and UTC day, the day's
 * latest pass winning) and drops the days before `keepFrom`.
 */
export async function recordDailyServiceSamples(db: Kysely<Database>, day: number, keepFrom: number): Promise<void> {
  await db
    .insertInto('serviceUsageSamples')
    .columns(['serviceId', 'day', 'storageUsedMb', 'bandwidthUsedMb'])
    .expression((eb) =>
      eb
        .selectFrom('services')
        .where('kind', '=', 'hosting')
        .where('status', 'in', ['active', 'suspended'])
        // A literal, not a parameter: PostgreSQL would type a bare parameter in a select list as text.
        .select(['id', sql<number>`${sql.lit(day)}`.as('day'), 'storageUsedMb', 'bandwidthUsedMb']),
    )
    .onConflict((oc) =>
      oc.columns(['serviceId', 'day']).doUpdateSet((eb) => ({
        storageUsedMb: eb.ref('excluded.storageUsedMb'),
        bandwidthUsedMb: eb.ref('excluded.bandwidthUsedMb'),
      })),
    )
    .execute();
  await db.deleteFrom('serviceUsageSamples').where('day', '<', keepFrom).execute();
}
