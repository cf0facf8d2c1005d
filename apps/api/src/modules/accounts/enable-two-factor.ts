import type { RecoveryCodes } from '@hostpilot/shared';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { signedInAccount } from './account-deps';
import { notifyTwoFactorChange, type TwoFactorDeps, withCode } from './two-factor-changes';

/**
 * Confirms set-up of two-factor sign-in with the current password and a first code: two-factor sign-in is on, and
 * ten recovery codes are answered once.
 */
export async function enableTwoFactor(
  deps: Pick<TwoFactorDeps, 'db' | 'clock' | 'limits' | 'auth'>,
  userId: string,
  sessionId: string | undefined,
  input: { code: string; currentPassword: string },
  ctx: RequestContext,
): Promise<RecoveryCodes> {
  const twoFactor = deps.auth.twoFactor;
  const row = await twoFactor.find(userId);
  if (!row || row.enabledAt !== null) {
    throw new AppError('INVALID_STATE', {
      message: 'No two-factor set-up is waiting for its first code; start set-up again',
    });
  }
  await deps.auth.confirmPassword(await signedInAccount(deps.db, userId), input.currentPassword, ctx);
  const code = input.code;
  const recoveryCodes = await withCode(deps, userId, sessionId, { code }, { pending: true }, ctx, async (trx, now) => {
    if (!(await twoFactor.enable(userId, now, trx))) throw new AppError('INVALID_STATE');
    return twoFactor.replaceRecoveryCodes(userId, now, trx);
  });
  ctx.log.info({ event: 'two_factor_enabled', userId, ip: ctx.ip }, 'two-factor sign-in turned on');
  await notifyTwoFactorChange(deps, userId, 'two-factor-enabled', ctx);
  return { recoveryCodes };
}
