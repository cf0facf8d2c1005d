import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The domains rows other modules look up by name (the certificates module, to know how a name is validated, and
 * `npm start`'s demo DNS server and web node, which publish the zones): the domains module's own queries, reached
 * by other modules through index.ts (docs/decisions/056-module-shape.md).
 */

/** The ids of the domains named so, deleted ones included. */
export async function domainIdsNamed(trx: Kysely<Database>, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await trx
    .selectFrom('domains')
    .select('id')
    .where('name', 'in', [...names])
    .execute();
  return rows.map((row) => row.id);
}

/** The ids of every domain not deleted. */
export async function liveDomainIds(trx: Kysely<Database>): Promise<string[]> {
  const rows = await trx.selectFrom('domains').select('id').where('deletedAt', 'is', null).execute();
  return rows.map((row) => row.id);
}

/** The domain of this name not deleted, with its name servers (a JSON array); undefined when there is none. */
export const liveDomainNamed = (db: Kysely<Database>, name: string) =>
  db
    .selectFrom('domains')
    .select(['id', 'nameservers'])
    .where('name', '=', name)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
