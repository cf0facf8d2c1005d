import type { RequestContext } from '../../lib/request-context';
import { notifyTwoFactorChange, requireTwoFactorEnabled, type TwoFactorDeps, withCode } from './two-factor-changes';
import type { SecondFactor } from './two-factor.repository';

/** Turns two-factor sign-in off, with a code from the app or a recovery code. */
export async function disableTwoFactor(
  deps: Pick<TwoFactorDeps, 'db' | 'clock' | 'limits' | 'auth'>,
  userId: string,
  sessionId: string | undefined,
  factor: SecondFactor,
  ctx: RequestContext,
): Promise<void> {
  await requireTwoFactorEnabled(deps, userId);
  await withCode(deps, userId, sessionId, factor, {}, ctx, (trx) => deps.auth.twoFactor.disable(userId, trx));
  ctx.log.info({ event: 'two_factor_disabled', userId, ip: ctx.ip }, 'two-factor sign-in turned off');
  await notifyTwoFactorChange(deps, userId, 'two-factor-disabled', ctx);
}
