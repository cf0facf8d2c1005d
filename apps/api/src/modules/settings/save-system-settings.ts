import type { systemSettingsInputSchema } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { journal } from '../../lib/journal';
import type { SecretBox } from '../../lib/secret-box';
import { checkSmtpPort, twoFactorSelfFirst } from './settings-errors';
import { auditView, readStoredSettings, type StoredSettings, storedFrom, writeStoredSettings } from './system-settings';

/**
 * Save All Settings (docs/decisions/034-system-settings-and-mail.md): General, Security and Email together, with
 * one audit entry (values before and after, the SMTP password masked), in one transaction. Answers what is stored.
 */
export async function saveSystemSettings(
  db: Kysely<Database>,
  change: {
    input: z.output<typeof systemSettingsInputSchema>;
    staff: { userId: string; twoFactor: boolean };
    box: SecretBox;
    extraPorts: readonly number[];
    now: number;
    ip: string;
  },
): Promise<StoredSettings> {
  const { input, staff, box, now, ip } = change;
  checkSmtpPort(input.email, change.extraPorts);
  return db.transaction().execute(async (trx) => {
    const before = await readStoredSettings(trx);
    if (input.security.requireStaffTwoFactor === true && !before.requireStaffTwoFactor && !staff.twoFactor) {
      throw twoFactorSelfFirst('security.requireStaffTwoFactor');
    }
    const after = storedFrom(before, input, box);
    await writeStoredSettings(trx, after, staff.userId, now);
    const afterView = auditView(after);
    afterView.email.smtpCredentialChange = input.email.smtpPasswordClear
      ? 'cleared'
      : input.email.smtpPassword
        ? 'replaced'
        : 'kept';
    await journal(trx, staff.userId, staff.userId, now, ip).audit({
      action: 'settings.update',
      entityType: 'settings',
      entityId: 'system',
      before: auditView(before),
      after: afterView,
    });
    return after;
  });
}
