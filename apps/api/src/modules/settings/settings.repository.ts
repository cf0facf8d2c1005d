import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The settings module's queries (docs/decisions/056-module-shape.md): its rows of the `settings` table, each a
 * JSON value under a key (docs/decisions/034-system-settings-and-mail.md).
 */

/** The stored values of the given keys (a key never saved is absent). */
export async function readSettingValues(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** The stored value of one key, if saved. */
export async function readSettingValue(db: Kysely<Database>, key: string): Promise<string | undefined> {
  return (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

/** Saves one key's JSON value, inserting its row the first time. */
export async function writeSettingValue(
  executor: Kysely<Database>,
  key: string,
  value: string,
  actorId: string,
  now: number,
): Promise<void> {
  await executor
    .insertInto('settings')
    .values({ key, value, updatedAt: now, updatedBy: actorId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now, updatedBy: actorId }))
    .execute();
}
