import type { SecuritySettings } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { journal } from '../../lib/journal';
import { readSecuritySettings, writeSecuritySettings } from './security-settings';
import { twoFactorSelfFirst } from './settings-errors';

/**
 * Changes the staff sign-in rules (docs/decisions/023-two-factor-sign-in.md), with its audit entry, in one
 * transaction. Turning two-factor sign-in on needs it on the caller's own account.
 */
export async function saveSecuritySettings(
  db: Kysely<Database>,
  change: { next: SecuritySettings; staff: { userId: string; twoFactor: boolean }; now: number; ip: string },
): Promise<SecuritySettings> {
  const { next, staff, now, ip } = change;
  if (next.requireStaffTwoFactor && !staff.twoFactor) throw twoFactorSelfFirst();
  await db.transaction().execute(async (trx) => {
    const before = await readSecuritySettings(trx);
    await writeSecuritySettings(trx, next, staff.userId, now);
    await journal(trx, staff.userId, staff.userId, now, ip).audit({
      action: 'settings.security.update',
      entityType: 'settings',
      entityId: 'security.staff',
      before,
      after: next,
    });
  });
  return next;
}
