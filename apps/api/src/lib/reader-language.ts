import type { Language } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { signInRequired } from '../plugins/authenticate';

/**
 * The language to answer a signed-in reader in: the `lang` the request asks for, else the language kept on the
 * account (docs/product/api.md), so an article or a document reads the same on every device.
 */
export async function readerLanguage(
  db: Kysely<Database>,
  userId: string,
  lang: Language | undefined,
): Promise<Language> {
  if (lang) return lang;
  const user = await db.selectFrom('users').select('preferredLanguage').where('id', '=', userId).executeTakeFirst();
  if (!user) throw signInRequired();
  return user.preferredLanguage === 'ru' ? 'ru' : 'en';
}
