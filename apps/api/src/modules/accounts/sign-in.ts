import type { LoginData, TwoFactorChallenge } from '@hostpilot/shared';
import type { UserRow } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { rateLimitedError } from './auth-rate-limits';
import { fieldError } from './auth.service';
import { describeDevice } from './device';
import { createRefreshTokensRepository } from './refresh-tokens.repository';
import { type AuthResult, issueSession, signAccess, type SignInDeps } from './sign-in-session';
import { createSignInsRepository } from './sign-ins.repository';
import type { SecondFactor } from './two-factor.repository';
import { createUsersRepository, recordLastSignIn, toPublicUser } from './users.repository';

/**
 * Sign-in with a password and, when the account has it on, its second step (docs/decisions/003-token-design.md,
 * docs/decisions/023-two-factor-sign-in.md). Every attempt is logged with its outcome, the e-mail, the user id when
 * known and the client address; never a password or a token.
 */

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS');
const invalidChallenge = () => new AppError('TWO_FACTOR_CHALLENGE_INVALID');

/** A suspended account's sign-in: logged, refused with its own code (after the password was checked). */
function suspended(userId: string, ctx: RequestContext, attempt: Record<string, unknown>): AppError {
  ctx.log.info({ ...attempt, outcome: 'suspended', userId }, 'sign-in attempt');
  return new AppError('ACCOUNT_SUSPENDED');
}

/**
 * Opens the session of a sign-in whose every step succeeded, and mails the account when the device is new to it.
 */
async function completeSignIn(
  deps: SignInDeps,
  row: UserRow,
  remember: boolean,
  ctx: RequestContext,
  attempt: Record<string, unknown>,
): Promise<AuthResult> {
  const { db, clock, auth } = deps;
  if (row.status === 'suspended') throw suspended(row.id, ctx, attempt);
  const user = toPublicUser(row);
  await createRefreshTokensRepository(db).deleteDeadTokens(user.id, clock.now());
  const { device, key } = describeDevice(ctx.userAgent);
  const known = await createSignInsRepository(db).knownDevice(user.id, key);
  // The sign-in, its session and its audit entry are one transaction (docs/decisions/027-back-office-actions-and-audit.md).
  const refreshToken = await db.transaction().execute(async (trx) => {
    const now = clock.now();
    await recordLastSignIn(trx, user.id, now);
    const session = await issueSession(deps, user, remember, ctx, trx);
    await writeAudit(trx, {
      actorId: user.id,
      action: 'auth.signIn',
      entityType: 'user',
      entityId: user.id,
      after: { method: attempt.method ?? 'password', device, remember },
      clientIp: ctx.ip,
      now,
    });
    return session;
  });
  ctx.log.info({ ...attempt, outcome: 'success', userId: user.id, remember, newDevice: !known }, 'sign-in attempt');
  if (!known) {
    auth.deliver(
      user.email,
      { kind: 'new-sign-in', firstName: user.firstName, when: new Date(clock.now()), device, address: ctx.ip },
      ctx,
    );
  }
  return {
    user,
    access_token: await signAccess(deps, user, refreshToken.familyId),
    refresh_token: refreshToken.value,
  };
}

/**
 * Tells the owner of an account, once per sign-in window, that its sign-in failed many times (as many as the
 * per-e-mail limit, over every address): in the account's language (docs/decisions/044-account-protection.md).
 */
async function alertFailures({ clock, limits, auth }: SignInDeps, row: UserRow, ctx: RequestContext) {
  if (!(await limits.firstFailureAlert(row.email))) return;
  ctx.log.warn({ event: 'sign_in', outcome: 'failure_burst', userId: row.id, ip: ctx.ip }, 'sign-in failures');
  auth.deliver(
    row.email,
    { kind: 'sign-in-failures', firstName: row.firstName, when: new Date(clock.now()) },
    ctx,
    row,
  );
}

/** Signs in with e-mail and password: a session, or the challenge of the second step when two-factor is on. */
export async function signIn(
  deps: SignInDeps,
  input: LoginData,
  ctx: RequestContext,
): Promise<AuthResult | TwoFactorChallenge> {
  const { db, clock, passwords, limits, auth } = deps;
  const signIns = createSignInsRepository(db);
  const attempt = { event: 'sign_in', email: input.email, ip: ctx.ip };
  const counted = await limits.loginAttempt(input.email, ctx.ip, () => signIns.knownAddress(input.email, ctx.ip));
  if (counted.limited) {
    ctx.log.warn({ ...attempt, outcome: 'rate_limited', limit: counted.limited.limit }, 'sign-in attempt');
    throw rateLimitedError(counted.limited.retryAfter);
  }
  const row = await createUsersRepository(db).findByEmail(input.email);
  let valid = false;
  if (row) valid = await passwords.verify(row.passwordHash, input.password);
  else await auth.verifyWithoutAccount(input.password);
  if (!row || !valid) {
    ctx.log.info({ ...attempt, outcome: 'invalid_credentials', userId: row?.id ?? null }, 'sign-in attempt');
    if (row && counted.emailAttempts >= limits.loginPerEmail) await alertFailures(deps, row, ctx);
    throw invalidCredentials();
  }
  await limits.loginSucceeded(input.email, ctx.ip);
  if (row.status === 'suspended') throw suspended(row.id, ctx, attempt);
  const remember = input.remember ?? false;
  if (await auth.twoFactor.isEnabled(row.id)) {
    // The password was right; no session until the second step (docs/decisions/023-two-factor-sign-in.md).
    const challenge = await auth.twoFactor.issueChallenge(row.id, remember, clock.now());
    ctx.log.info({ ...attempt, outcome: 'second_factor_required', userId: row.id }, 'sign-in attempt');
    return { twoFactorRequired: true, challenge: challenge.value, expiresAt: challenge.expiresAt };
  }
  return completeSignIn(deps, row, remember, ctx, { ...attempt, method: 'password' });
}

/**
 * The second step of a two-factor sign-in: the challenge of the password step and a code from the app or a
 * recovery code. A wrong, expired or replayed code, or a used recovery code, changes nothing and leaves the
 * challenge usable until it expires; codes are limited per account and per client address.
 */
export async function signInSecondStep(
  deps: SignInDeps,
  input: SecondFactor & { challenge: string },
  ctx: RequestContext,
): Promise<AuthResult> {
  const { db, clock, limits, auth } = deps;
  const twoFactor = auth.twoFactor;
  const now = clock.now();
  const challenge = await twoFactor.findChallenge(input.challenge, now);
  const attempt = { event: 'sign_in_second_factor', ip: ctx.ip, userId: challenge?.userId ?? null };
  if (!challenge) {
    ctx.log.info({ ...attempt, outcome: 'challenge_invalid' }, 'sign-in attempt');
    throw invalidChallenge();
  }
  const limited = await limits.codeAttempt(challenge.userId, ctx.ip);
  if (limited !== null) {
    ctx.log.warn({ ...attempt, outcome: 'rate_limited' }, 'sign-in attempt');
    throw rateLimitedError(limited);
  }
  const factor = { code: input.code, recoveryCode: input.recoveryCode };
  const checked = await db.transaction().execute(async (trx) => {
    const result = await twoFactor.verify(challenge.userId, factor, now, trx);
    // Thrown, so that the code just used is given back along with the challenge.
    if (result.ok && !(await twoFactor.consumeChallenge(challenge.id, now, trx))) throw invalidChallenge();
    return result;
  });
  if (!checked.ok) {
    ctx.log.info({ ...attempt, outcome: checked.key }, 'sign-in attempt');
    throw fieldError(checked.field, checked.key);
  }
  await limits.codeSucceeded(challenge.userId, ctx.ip);
  const row = await createUsersRepository(db).findById(challenge.userId);
  if (!row) throw invalidChallenge();
  return completeSignIn(deps, row, challenge.remember === 1, ctx, { ...attempt, method: checked.method });
}
