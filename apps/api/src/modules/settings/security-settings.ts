import type { SecuritySettings } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseSecuritySettings, SECURITY_SETTING } from '../../lib/security-settings';
import { readSettingValue, writeSettingValue } from './settings.repository';

/** Reads and writes the staff sign-in rules; their stored form is lib/security-settings.ts. */
export async function readSecuritySettings(db: Kysely<Database>): Promise<SecuritySettings> {
  return parseSecuritySettings(await readSettingValue(db, SECURITY_SETTING));
}

export async function writeSecuritySettings(
  executor: Kysely<Database>,
  settings: SecuritySettings,
  actorId: string,
  now: number,
): Promise<void> {
  await writeSettingValue(executor, SECURITY_SETTING, JSON.stringify(settings), actorId, now);
}
