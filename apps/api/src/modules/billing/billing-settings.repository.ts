import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The stored value of one of billing's own settings keys (`billing.*`), or undefined when staff never set it. */
export async function billingSettingValue(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}
