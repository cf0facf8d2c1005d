import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The services rows the certificates module reads to put a certificate on the sites that serve its domain
 * (docs/decisions/049-certificates-through-acme.md, addendum): the services module's own queries, reached by other
 * modules through index.ts (docs/decisions/056-module-shape.md).
 */

/** The hosting services (not cancelled) whose domain is `domain`, oldest first. */
export const hostingServicesNamed = (db: Kysely<Database>, domain: string) =>
  db
    .selectFrom('services')
    .select(['id', 'userId', 'serverId'])
    .where('kind', '=', 'hosting')
    .where('domain', '=', domain)
    .where('status', '!=', 'cancelled')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();

/** The owner of each of these services that exists, by service id. */
export async function serviceOwners(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('services')
    .select(['id', 'userId'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.userId]));
}
