import { domainStates } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, DomainRow } from '../../db/schema';
import {
  activeDomainsExpiringBy,
  domainsPastExpiryOrGrace,
  findDomainRow,
  moveDomainExpiredBy,
} from './lifecycle.repository';

/**
 * What the lifecycle jobs (docs/decisions/030-lifecycle-automation.md) read and change of domains, for the
 * scheduler module (docs/decisions/056-module-shape.md). A change takes the job's transaction (`trx`), so it
 * commits with its status history, audit entry, notification and provisioning task.
 */

/** One domain as stored, or undefined. */
export function findDomainForLifecycle(db: Kysely<Database>, id: string): Promise<DomainRow | undefined> {
  return findDomainRow(db, id);
}

/** Active domains expiring by `horizon`, not deleted by staff, soonest first: the renewal candidates. */
export function domainsDueForRenewal(db: Kysely<Database>, horizon: number) {
  return activeDomainsExpiringBy(db, horizon);
}

/** Domains due to enter their grace period (active, expired by `now`) or to expire (past `graceEnd`). */
export function domainsDueForExpiry(db: Kysely<Database>, now: number, graceEnd: number) {
  return domainsPastExpiryOrGrace(db, now, graceEnd);
}

/**
 * Moves a domain on from `from` to `to` (the transition checked) when it is still in `from` and expired by
 * `expiredBy`; answers the changed row, or undefined when it was no longer due.
 */
export async function moveExpiredDomain(
  trx: Kysely<Database>,
  id: string,
  change: { from: DomainRow['status']; to: DomainRow['status']; expiredBy: number; now: number },
): Promise<DomainRow | undefined> {
  domainStates.assertTransition(change.from, change.to);
  if (!(await moveDomainExpiredBy(trx, id, change))) return undefined;
  const row = await findDomainRow(trx, id);
  if (!row) throw new Error(`domain ${id} vanished in its own transaction`);
  return row;
}
