import type { SecuritySettings } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The back office's sign-in rules for staff, kept in `settings` (docs/decisions/023-two-factor-sign-in.md).
 * `requireStaffTwoFactor`: a staff account without two-factor sign-in gets TWO_FACTOR_REQUIRED from every
 * /api/admin route until it sets it up. On by default, as the back office's settings screen gives it
 * (docs/product/screens.md); a demo installation starts with it off (seed.ts), so that the demo administrator,
 * whose password the README prints, can open the back office without an authenticator app.
 */
export const SECURITY_SETTING = 'security.staff';

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = { requireStaffTwoFactor: true };

/** Reads the stored value; anything unreadable counts as the default. */
export function parseSecuritySettings(value: string | null | undefined): SecuritySettings {
  if (!value) return DEFAULT_SECURITY_SETTINGS;
  try {
    const parsed = JSON.parse(value) as Partial<SecuritySettings>;
    return {
      requireStaffTwoFactor:
        typeof parsed.requireStaffTwoFactor === 'boolean'
          ? parsed.requireStaffTwoFactor
          : DEFAULT_SECURITY_SETTINGS.requireStaffTwoFactor,
    };
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
