import type { RecoveryCodes, TwoFactorSetup } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { MailTemplate } from '../../lib/mail/templates';
import { type AuthRateLimits, rateLimitedError } from './auth-rate-limits';
import type { RequestContext } from '../../lib/request-context';
import { type AuthService, fieldError } from './auth.service';
import { createRefreshTokensRepository } from './refresh-tokens.repository';
import { createUsersRepository } from './users.repository';
import { newTotpSecret, sealSecret, setupOf, type TwoFactorKeys } from './two-factor-codes';
import type { SecondFactor } from './two-factor.repository';

export interface TwoFactorServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  limits: AuthRateLimits;
  auth: AuthService;
  keys: TwoFactorKeys;
}

/**
 * Setting two-factor sign-in up, turning it off and renewing the recovery codes
 * (docs/decisions/023-two-factor-sign-in.md). Every change asks for a code (limited like the sign-in's second
 * step, so a stolen access token cannot be used to guess one), turning it on the current password too; every
 * change ends every other session of the account and mails it (docs/decisions/044-account-protection.md).
 */
export function createTwoFactorService({ db, clock, limits, auth, keys }: TwoFactorServiceDeps) {
  const users = createUsersRepository(db);
  const twoFactor = auth.twoFactor;
  const refreshTokens = createRefreshTokensRepository(db);

  async function userOrSignIn(userId: string) {
    const user = await users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  }

  /**
   * Checks a code (or a recovery code) and, when right, runs `change` and ends every session of the account but
   * `sessionId` in the same transaction; a refused code changes nothing.
   */
  async function withCode<T>(
    userId: string,
    sessionId: string | undefined,
    factor: SecondFactor,
    options: { pending?: boolean; recovery?: boolean },
    ctx: RequestContext,
    change: (trx: Kysely<Database>, now: number) => Promise<T>,
  ): Promise<T> {
    const limited = await limits.codeAttempt(userId, ctx.ip);
    if (limited !== null) throw rateLimitedError(limited);
    const now = clock.now();
    const result = await db.transaction().execute(async (trx) => {
      const checked = await twoFactor.verify(userId, factor, now, trx, options);
      if (!checked.ok) return checked;
      const value = await change(trx, now);
      await refreshTokens.revokeOthersForUser(userId, sessionId ?? null, now, trx);
      return { ok: true as const, value };
    });
    if (!result.ok) {
      ctx.log.info({ event: 'two_factor_code', outcome: result.key, userId, ip: ctx.ip }, 'two-factor code refused');
      throw fieldError(result.field, result.key);
    }
    await limits.codeSucceeded(userId, ctx.ip);
    return result.value;
  }

  async function notify(
    userId: string,
    kind: Extract<MailTemplate['kind'], `two-factor-${string}`>,
    ctx: RequestContext,
  ) {
    const user = await userOrSignIn(userId);
    auth.deliver(user.email, { kind, firstName: user.firstName, when: new Date(clock.now()) }, ctx);
  }

  async function requireEnabled(userId: string) {
    if (!(await twoFactor.isEnabled(userId))) {
      throw new AppError('INVALID_STATE', { message: 'Two-factor sign-in is not turned on for this account' });
    }
  }

  return {
    /**
     * Starts set-up with a new secret (a set-up started earlier and never confirmed is replaced). The secret is
     * answered this once, for the QR code and for typing; afterwards it is only kept sealed.
     */
    async setup(userId: string, ctx: RequestContext): Promise<TwoFactorSetup> {
      const user = await userOrSignIn(userId);
      if (await twoFactor.isEnabled(userId)) {
        throw new AppError('INVALID_STATE', {
          message: 'Two-factor sign-in is already on; turn it off first to set it up again',
        });
      }
      const secret = newTotpSecret();
      await twoFactor.startSetup(userId, sealSecret(keys.seal, secret), clock.now());
      ctx.log.info({ event: 'two_factor_setup_started', userId }, 'two-factor set-up started');
      return setupOf(secret, user.email);
    },

    /**
     * Confirms set-up with the current password and a first code: two-factor sign-in is on, and ten recovery codes
     * are answered once.
     */
    async enable(
      userId: string,
      sessionId: string | undefined,
      input: { code: string; currentPassword: string },
      ctx: RequestContext,
    ): Promise<RecoveryCodes> {
      const row = await twoFactor.find(userId);
      if (!row || row.enabledAt !== null) {
        throw new AppError('INVALID_STATE', {
          message: 'No two-factor set-up is waiting for its first code; start set-up again',
        });
      }
      await auth.confirmPassword(await userOrSignIn(userId), input.currentPassword, ctx);
      const code = input.code;
      const recoveryCodes = await withCode(userId, sessionId, { code }, { pending: true }, ctx, async (trx, now) => {
        if (!(await twoFactor.enable(userId, now, trx))) throw new AppError('INVALID_STATE');
        return twoFactor.replaceRecoveryCodes(userId, now, trx);
      });
      ctx.log.info({ event: 'two_factor_enabled', userId, ip: ctx.ip }, 'two-factor sign-in turned on');
      await notify(userId, 'two-factor-enabled', ctx);
      return { recoveryCodes };
    },

    /** Turns two-factor sign-in off, with a code from the app or a recovery code. */
    async disable(
      userId: string,
      sessionId: string | undefined,
      factor: SecondFactor,
      ctx: RequestContext,
    ): Promise<void> {
      await requireEnabled(userId);
      await withCode(userId, sessionId, factor, {}, ctx, (trx) => twoFactor.disable(userId, trx));
      ctx.log.info({ event: 'two_factor_disabled', userId, ip: ctx.ip }, 'two-factor sign-in turned off');
      await notify(userId, 'two-factor-disabled', ctx);
    },

    /** Replaces the recovery codes (the old ones stop working), with a code from the app. */
    async regenerateRecoveryCodes(
      userId: string,
      sessionId: string | undefined,
      code: string,
      ctx: RequestContext,
    ): Promise<RecoveryCodes> {
      await requireEnabled(userId);
      const recoveryCodes = await withCode(userId, sessionId, { code }, { recovery: false }, ctx, (trx, now) =>
        twoFactor.replaceRecoveryCodes(userId, now, trx),
      );
      ctx.log.info({ event: 'recovery_codes_regenerated', userId, ip: ctx.ip }, 'recovery codes regenerated');
      await notify(userId, 'two-factor-recovery-codes', ctx);
      return { recoveryCodes };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
