import type { Language } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A user's language (undefined when the user is gone): what a message written for them is written in. */
export async function findPreferredLanguage(db: Kysely<Database>, userId: string): Promise<Language | undefined> {
  const row = await db.selectFrom('users').select('preferredLanguage').where('id', '=', userId).executeTakeFirst();
  return row?.preferredLanguage;
}
