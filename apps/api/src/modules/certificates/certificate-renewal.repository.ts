import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The certificates as the certificate-renewal job reads and moves them (docs/decisions/049-certificates-through-acme.md,
 * docs/decisions/056-module-shape.md).
 */

/** Issued or failed certificates past their end become expired. */
export async function expireEndedCertificates(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .updateTable('certificates')
    .set({ status: 'expired', updatedAt: now })
    .where('status', 'in', ['issued', 'failed'])
    .where('notAfter', '<=', now)
    .execute();
}

/** Issued certificates still valid at `now`, with their service and validity. */
export const issuedCertificatesValidAt = (db: Kysely<Database>, now: number) =>
  db
    .selectFrom('certificates')
    .select(['id', 'serviceId', 'notBefore', 'notAfter'])
    .where('status', '=', 'issued')
    .where('notAfter', '>', now)
    .execute();

/** Moves a certificate still issued to renewing, forgetting its last order; answers whether it did. */
export async function markIssuedRenewing(trx: Kysely<Database>, id: string, now: number): Promise<boolean> {
  const moved = await trx
    .updateTable('certificates')
    .set({ status: 'renewing', orderUrl: null, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'issued')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
