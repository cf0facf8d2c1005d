import type { RecoveryCodes } from '@hostpilot/shared';
import type { RequestContext } from '../../lib/request-context';
import { notifyTwoFactorChange, requireTwoFactorEnabled, type TwoFactorDeps, withCode } from './two-factor-changes';

/** Replaces the recovery codes of two-factor sign-in (the old ones stop working), with a code from the app. */
export async function regenerateRecoveryCodes(
  deps: Pick<TwoFactorDeps, 'db' | 'clock' | 'limits' | 'auth'>,
  userId: string,
  sessionId: string | undefined,
  code: string,
  ctx: RequestContext,
): Promise<RecoveryCodes> {
  await requireTwoFactorEnabled(deps, userId);
  const recoveryCodes = await withCode(deps, userId, sessionId, { code }, { recovery: false }, ctx, (trx, now) =>
    deps.auth.twoFactor.replaceRecoveryCodes(userId, now, trx),
  );
  ctx.log.info({ event: 'recovery_codes_regenerated', userId, ip: ctx.ip }, 'recovery codes regenerated');
  await notifyTwoFactorChange(deps, userId, 'two-factor-recovery-codes', ctx);
  return { recoveryCodes };
}
