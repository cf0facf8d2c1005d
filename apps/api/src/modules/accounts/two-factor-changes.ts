import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { MailTemplate } from '../../lib/mail/templates';
import type { RequestContext } from '../../lib/request-context';
import { signedInAccount } from './account-deps';
import { type AuthRateLimits, rateLimitedError } from './auth-rate-limits';
import { type AuthService, fieldError } from './auth.service';
import { createRefreshTokensRepository } from './refresh-tokens.repository';
import type { TwoFactorKeys } from './two-factor-codes';
import type { SecondFactor } from './two-factor.repository';

/**
 * The rules every change of two-factor sign-in shares (docs/decisions/023-two-factor-sign-in.md): every change
 * asks for a code (limited like the sign-in's second step, so a stolen access token cannot be used to guess one),
 * turning it on the current password too; every change ends every other session of the account and mails it
 * (docs/decisions/044-account-protection.md).
 */
export interface TwoFactorDeps {
  db: Kysely<Database>;
  clock: Clock;
  limits: AuthRateLimits;
  auth: AuthService;
  keys: TwoFactorKeys;
}

/**
 * Checks a code (or a recovery code) and, when right, runs `change` and ends every session of the account but
 * `sessionId` in the same transaction; a refused code changes nothing.
 */
export async function withCode<T>(
  { db, clock, limits, auth }: Pick<TwoFactorDeps, 'db' | 'clock' | 'limits' | 'auth'>,
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
    const checked = await auth.twoFactor.verify(userId, factor, now, trx, options);
    if (!checked.ok) return checked;
    const value = await change(trx, now);
    await createRefreshTokensRepository(db).revokeOthersForUser(userId, sessionId ?? null, now, trx);
    return { ok: true as const, value };
  });
  if (!result.ok) {
    ctx.log.info({ event: 'two_factor_code', outcome: result.key, userId, ip: ctx.ip }, 'two-factor code refused');
    throw fieldError(result.field, result.key);
  }
  await limits.codeSucceeded(userId, ctx.ip);
  return result.value;
}

/** Mails the account that its two-factor sign-in changed. */
export async function notifyTwoFactorChange(
  { db, clock, auth }: Pick<TwoFactorDeps, 'db' | 'clock' | 'auth'>,
  userId: string,
  kind: Extract<MailTemplate['kind'], `two-factor-${string}`>,
  ctx: RequestContext,
) {
  const user = await signedInAccount(db, userId);
  auth.deliver(user.email, { kind, firstName: user.firstName, when: new Date(clock.now()) }, ctx);
}

/** INVALID_STATE unless two-factor sign-in is on for the account. */
export async function requireTwoFactorEnabled({ auth }: Pick<TwoFactorDeps, 'auth'>, userId: string) {
  if (!(await auth.twoFactor.isEnabled(userId))) {
    throw new AppError('INVALID_STATE', { message: 'Two-factor sign-in is not turned on for this account' });
  }
}
