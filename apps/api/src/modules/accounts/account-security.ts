import { permissionsOf } from '@hostpilot/shared';
import { readSecuritySettings } from '../settings';
import { type AccountDeps, signedInAccount } from './account-deps';

/** The Security section's state: e-mail verification, two-factor sign-in, and whether the back office needs it. */
export async function accountSecurity({ db, auth }: Pick<AccountDeps, 'db' | 'auth'>, userId: string) {
  const user = await signedInAccount(db, userId);
  const row = await auth.twoFactor.find(userId);
  const enabledAt = row?.enabledAt ?? null;
  const staff = permissionsOf(user.role).length > 0;
  return {
    emailVerified: user.emailVerifiedAt !== null,
    twoFactor: {
      enabled: enabledAt !== null,
      enabledAt,
      recoveryCodesLeft: enabledAt === null ? 0 : await auth.twoFactor.recoveryCodesLeft(userId),
    },
    twoFactorRequired: staff && enabledAt === null && (await readSecuritySettings(db)).requireStaffTwoFactor,
  };
}
