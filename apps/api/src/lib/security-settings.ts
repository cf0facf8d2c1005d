import type { SecuritySettings } from '@hostpilot/shared';

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
