import type { Insertable, Kysely } from 'kysely';
import type { Database, ServersTable } from '../../db/schema';

/**
 * The servers rows the provisioning and certificates modules write for themselves: `npm start`'s own demo servers
 * (found by name, added the first time) and a driver's settings it completes once (the certificate driver's ACME
 * account key). The servers module's own queries, reached by other modules through index.ts
 * (docs/decisions/056-module-shape.md).
 */

/** The id of the server of this name; undefined when there is none. */
export async function serverIdNamed(trx: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await trx.selectFrom('servers').select('id').where('name', '=', name).executeTakeFirst();
  return row?.id;
}

/** Adds a server. */
export async function insertServer(trx: Kysely<Database>, server: Insertable<ServersTable>): Promise<void> {
  await trx.insertInto('servers').values(server).execute();
}

/**
 * Replaces a server's connection settings when they are still `expected` (null: none were stored); whether they
 * were (a writer that changed them meanwhile wins).
 */
export async function swapConnectionSettings(
  trx: Kysely<Database>,
  id: string,
  expected: string | null,
  next: string,
): Promise<boolean> {
  const written = await trx
    .updateTable('servers')
    .set({ connectionSettings: next })
    .where('id', '=', id)
    .where('connectionSettings', expected === null ? 'is' : '=', expected)
    .executeTakeFirst();
  return Number(written.numUpdatedRows) === 1;
}
