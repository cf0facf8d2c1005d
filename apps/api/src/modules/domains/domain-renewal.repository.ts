import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The domains rows a renewal reads and writes (docs/decisions/056-module-shape.md: billing renews a domain
 * through the domains module). Each runs on the handle it is given: the renewal's transaction.
 */

/** The customer's domain (not deleted), whole, or undefined when the account has no such domain. */
export function ownLiveDomainRow(db: Kysely<Database>, userId: string, domainId: string) {
  return db
    .selectFrom('domains')
    .selectAll()
    .where('id', '=', domainId)
    .where('userId', '=', userId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** Writes a renewed domain's new expiry; it is active again. */
export async function setDomainRenewed(
  trx: Kysely<Database>,
  domainId: string,
  change: { expiresAt: number; now: number },
): Promise<void> {
  await trx
    .updateTable('domains')
    .set({ expiresAt: change.expiresAt, status: 'active', updatedAt: change.now })
    .where('id', '=', domainId)
    .execute();
}
