import type { SecuritySettings } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseSecuritySettings, SECURITY_SETTING } from '../../lib/security-settings';

/** Reads and writes the staff sign-in rules; their stored form is lib/security-settings.ts. */
export async function readSecuritySettings(db: Kysely<Database>): Promise<SecuritySettings> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', SECURITY_SETTING).executeTakeFirst();
  return parseSecuritySettings(row?.value);
}

export async function writeSecuritySettings(
  executor: Kysely<Database>,
  settings: SecuritySettings,
  actorId: string,
  now: number,
): Promise<void> {
  const value = JSON.stringify(settings);
  await executor
    .insertInto('settings')
    .values({ key: SECURITY_SETTING, value, updatedAt: now, updatedBy: actorId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now, updatedBy: actorId }))
    .execute();
}
