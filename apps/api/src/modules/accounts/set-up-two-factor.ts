import type { TwoFactorSetup } from '@hostpilot/shared';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { signedInAccount } from './account-deps';
import { newTotpSecret, sealSecret, setupOf } from './two-factor-codes';
import type { TwoFactorDeps } from './two-factor-changes';

/**
 * Starts set-up of two-factor sign-in with a new secret (a set-up started earlier and never confirmed is
 * replaced). The secret is answered this once, for the QR code and for typing; afterwards it is only kept sealed.
 */
export async function setUpTwoFactor(
  { db, clock, auth, keys }: Pick<TwoFactorDeps, 'db' | 'clock' | 'auth' | 'keys'>,
  userId: string,
  ctx: RequestContext,
): Promise<TwoFactorSetup> {
  const user = await signedInAccount(db, userId);
  if (await auth.twoFactor.isEnabled(userId)) {
    throw new AppError('INVALID_STATE', {
      message: 'Two-factor sign-in is already on; turn it off first to set it up again',
    });
  }
  const secret = newTotpSecret();
  await auth.twoFactor.startSetup(userId, sealSecret(keys.seal, secret), clock.now());
  ctx.log.info({ event: 'two_factor_setup_started', userId }, 'two-factor set-up started');
  return setupOf(secret, user.email);
}
