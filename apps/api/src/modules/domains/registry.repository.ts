import type { Insertable, Kysely } from 'kysely';
import type { Database, DomainsTable } from '../../db/schema';

/** The queries of our own registry (registrar.ts, `createLocalRegistrar`): the domains table is its register. */

/** Which of `names` any account holds, whatever the domain's state. */
export async function heldNames(db: Kysely<Database>, names: string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('domains').select('name').where('name', 'in', names).execute();
  return new Set(rows.map((row) => row.name));
}

/**
 * Inserts the domain unless its name is held: the name's unique index decides a race, the second writer inserts
 * nothing. Answers the new id, or null.
 */
export async function insertDomainIfFree(
  trx: Kysely<Database>,
  values: Insertable<DomainsTable> & { id: string },
): Promise<string | null> {
  const row = await trx
    .insertInto('domains')
    .values(values)
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Keeps the DS records the registry holds on the domain named `name`, as JSON. */
export async function storeDsRecords(db: Kysely<Database>, name: string, stored: string): Promise<void> {
  await db.updateTable('domains').set({ dsRecords: stored }).where('name', '=', name).execute();
}

/** The DS records kept on the domain named `name`, as stored; null when there are none or no such domain. */
export async function storedDsRecords(db: Kysely<Database>, name: string): Promise<string | null> {
  const row = await db.selectFrom('domains').select('dsRecords').where('name', '=', name).executeTakeFirst();
  return row?.dsRecords ?? null;
}
