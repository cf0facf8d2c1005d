import type { Language } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findPreferredLanguage } from './user-language.repository';

/**
 * A user's language, for another module writing to them (the provisioning engine tells a web node the owner's
 * language for a new site's default page, docs/decisions/055-web-node-agent.md): undefined when the user is gone.
 */
export function userLanguage(db: Kysely<Database>, userId: string): Promise<Language | undefined> {
  return findPreferredLanguage(db, userId);
}
