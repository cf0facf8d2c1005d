import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The lease rows of the certificate driver's zone lock (`dns_challenge_locks`, migration 0380;
 * docs/decisions/049-certificates-through-acme.md, addendum "Two orders of one name at once").
 */

/** Takes the zone's lease by adding its row; whether it was added (none was held). */
export async function insertZoneLease(
  db: Kysely<Database>,
  zone: string,
  owner: string,
  until: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto('dnsChallengeLocks')
    .values({ zone, leaseOwner: owner, leaseUntil: until })
    .onConflict((oc) => oc.column('zone').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Takes over the zone's lease when it has passed at `now`; whether it was taken. */
export async function takeLapsedZoneLease(
  db: Kysely<Database>,
  zone: string,
  owner: string,
  now: number,
  until: number,
): Promise<boolean> {
  const taken = await db
    .updateTable('dnsChallengeLocks')
    .set({ leaseOwner: owner, leaseUntil: until })
    .where('zone', '=', zone)
    .where('leaseUntil', '<=', now)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Gives the zone's lease back, when this owner still holds it. */
export async function releaseZoneLease(db: Kysely<Database>, zone: string, owner: string): Promise<void> {
  await db.deleteFrom('dnsChallengeLocks').where('zone', '=', zone).where('leaseOwner', '=', owner).execute();
}
