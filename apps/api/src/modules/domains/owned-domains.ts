import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ownedDomainNameRows } from './owned-domains.repository';

/**
 * Of these domain names, the ones the customer holds (not deleted): an order's hosting line may attach only those
 * or one its cart registers (docs/decisions/032-ordering-and-checkout.md). Answers an empty set for no names
 * without asking the database.
 */
export async function ownedDomainNames(db: Kysely<Database>, userId: string, names: string[]): Promise<Set<string>> {
  return new Set(names.length === 0 ? [] : await ownedDomainNameRows(db, userId, names));
}
