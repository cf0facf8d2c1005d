import type { Kysely } from 'kysely';
import type { Database, DomainRow } from '../../db/schema';

/**
 * The domains table as the lifecycle jobs read and change it (docs/decisions/030-lifecycle-automation.md,
 * docs/decisions/056-module-shape.md): which domains are due, and the conditional write that re-checks a domain is
 * still due, so a job run twice changes nothing twice. Each write takes the caller's transaction.
 */

export const findDomainRow = (db: Kysely<Database>, id: string): Promise<DomainRow | undefined> =>
  db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirst();

/** Active domains expiring by `horizon` that staff have not deleted (migration 0110), soonest first. */
export const activeDomainsExpiringBy = (db: Kysely<Database>, horizon: number) =>
  db
    .selectFrom('domains')
    .select(['id', 'userId', 'expiresAt'])
    .where('status', '=', 'active')
    .where('expiresAt', '<=', horizon)
    .where('deletedAt', 'is', null)
    .orderBy('expiresAt')
    .execute();

/** Domains not deleted that are active and expired by `now`, or in their grace period and past `graceEnd`. */
export const domainsPastExpiryOrGrace = (db: Kysely<Database>, now: number, graceEnd: number) =>
  db
    .selectFrom('domains')
    .select(['id', 'userId', 'status'])
    .where('deletedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'active'), eb('expiresAt', '<=', now)]),
        eb.and([eb('status', '=', 'graceperiod'), eb('expiresAt', '<=', graceEnd)]),
      ]),
    )
    .execute();

/** Moves a domain from `from` to `to` when it is still in `from` and expired by `expiredBy`; answers whether it did. */
export async function moveDomainExpiredBy(
  trx: Kysely<Database>,
  id: string,
  change: { from: DomainRow['status']; to: DomainRow['status']; expiredBy: number; now: number },
): Promise<boolean> {
  const done = await trx
    .updateTable('domains')
    .set({ status: change.to, updatedAt: change.now })
    .where('id', '=', id)
    .where('status', '=', change.from)
    .where('expiresAt', '<=', change.expiredBy)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
