import type { SecuritySettings } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The back office's sign-in rules for staff, kept in `settings` (docs/decisions/023-two-factor-sign-in.md).
 * `requireStaffTwoFactor`: a staff account without two-factor sign-in gets TWO_FACTOR_REQUIRED from every
 * /api/admin route until it sets it up. Off until an administrator turns it on.
 */
export const SECURITY_SETTING = 'security.staff';

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = { requireStaffTwoFactor: false };

/** Reads the stored value; anything unreadable counts as the default. */
export function parseSecuritySettings(value: string | null | undefined): SecuritySettings {
  if (!value) return DEFAULT_SECURITY_SETTINGS;
  try {
    const parsed = JSON.parse(value) as Partial<SecuritySettings>;
    return { requireStaffTwoFactor: parsed.requireStaffTwoFactor === true };
  } catch {
    return DEFAULT_SECURITY_SETTINGS;
  }
}

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
