import { randomBytes } from 'node:crypto';
import {
  DEFAULT_PASSWORD_POLICY,
  type LoginData,
  passwordHasPersonalPart,
  type PasswordPerson,
  type PasswordPolicy,
  passwordPolicyIssue,
  type RegisterData,
  type HandoffResponse,
  type TwoFactorChallenge,
  type User,
  validationMessage,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database, RefreshTokenRow, UserRow } from '../../db/schema';
import type { AccessTokens } from '../../lib/access-token';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { isBreachedPassword } from '../../lib/breached-passwords';
import { isCommonPassword } from '../../lib/common-passwords';
import { mailLanguage } from '../../lib/mail/language';
import type { Mailer } from '../../lib/mail/mailer';
import type { MailTemplate } from '../../lib/mail/templates';
import type { PasswordHasher } from '../../lib/password';
import type { RequestContext } from '../../lib/request-context';
import { createAccountTokensRepository } from './account-tokens.repository';
import { describeDevice } from './device';
import { createSignInsRepository } from './sign-ins.repository';
import type { TwoFactorKeys } from './two-factor-codes';
import { createTwoFactorRepository, type SecondFactor } from './two-factor.repository';
import { createUsersRepository, EmailTakenError, recordLastSignIn, toPublicUser } from './users.repository';
import { type AuthRateLimits, rateLimitedError } from './auth-rate-limits';
import { createRefreshTokensRepository } from './refresh-tokens.repository';

export interface AuthServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  passwords: PasswordHasher;
  accessTokens: AccessTokens;
  limits: AuthRateLimits;
  /** Lifetimes in seconds (config.jwt). */
  lifetimes: Pick<Config['jwt'], 'refreshTtl' | 'refreshRememberTtl' | 'familyMaxAge'>;
  mailer: Mailer;
  /** The web app's public address, for links in mails. */
  appUrl: string;
  /** Keys of two-factor sign-in, derived from the server secret. */
  twoFactorKeys: TwoFactorKeys;
  /** The saved password policy (docs/decisions/034-system-settings-and-mail.md); the default when not given. */
  passwordPolicy?: () => Promise<PasswordPolicy>;
}

/** How long a verification link works. */
export const VERIFY_EMAIL_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The field error of a password on the common-password list. */
export function commonPasswordError(field: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    fields: {
      [field]: { code: 'validation.passwordCommon', message: validationMessage('validation.passwordCommon') },
    },
  });
}

/**
 * Refuses a new password (registration, reset, change) that breaks the saved policy, is a common one, contains the
 * account's name, e-mail or the product's name, or is on the breached-password list, as the field error of
 * `field`, with the same message keys the forms show (docs/decisions/034-system-settings-and-mail.md,
 * docs/decisions/045-production-hardening.md).
 */
export function checkNewPassword(
  field: string,
  password: string,
  policy: PasswordPolicy,
  person: PasswordPerson,
): void {
  const issue = passwordPolicyIssue(password, policy);
  if (issue) throw fieldError(field, issue);
  if (isCommonPassword(password)) throw commonPasswordError(field);
  if (passwordHasPersonalPart(password, person)) throw fieldError(field, 'validation.passwordPersonal');
  if (isBreachedPassword(password)) throw fieldError(field, 'validation.passwordBreached');
}

export interface AuthResult {
  user: User;
  access_token: string;
  refresh_token: string;
}

export interface RefreshResult {
  token: string;
  refresh_token: string;
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS');
const invalidChallenge = () => new AppError('TWO_FACTOR_CHALLENGE_INVALID');

/** A field error whose code is a validation.* key. */
export function fieldError(field: string, key: Parameters<typeof validationMessage>[0]): AppError {
  return new AppError('VALIDATION_FAILED', { fields: { [field]: { code: key, message: validationMessage(key) } } });
}
const invalidRefreshToken = () => new AppError('REFRESH_TOKEN_INVALID');

/**
 * Sign-in, registration, refresh and sign-out (docs/decisions/003-token-design.md).
 * Every sign-in attempt is logged with its outcome, the e-mail, the user id when known and the client
 * address; never a password or a token.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, passwords, accessTokens, limits, lifetimes, mailer, appUrl, twoFactorKeys } = deps;
  const passwordPolicy = deps.passwordPolicy ?? (async () => DEFAULT_PASSWORD_POLICY);

  /** checkNewPassword under the policy saved now. */
  async function checkPassword(field: string, password: string, person: PasswordPerson): Promise<void> {
    checkNewPassword(field, password, await passwordPolicy(), person);
  }
  const twoFactor = createTwoFactorRepository(db, twoFactorKeys);
  const users = createUsersRepository(db);
  const refreshTokens = createRefreshTokensRepository(db);
  const signIns = createSignInsRepository(db);
  const accountTokens = createAccountTokensRepository(db);

  /**
   * Sends a mail without holding up the answer (nor telling by its timing whether it was sent), in the account's
   * language when it is given, else the request's.
   */
  function deliver(
    to: string,
    template: MailTemplate,
    ctx: RequestContext,
    account?: Pick<UserRow, 'preferredLanguage'>,
  ) {
    mailer
      .send(to, template, mailLanguage(account?.preferredLanguage, ctx.acceptLanguage))
      .then(() => ctx.log.info({ event: 'mail', template: template.kind }, 'mail sent'))
      .catch((error: unknown) => ctx.log.error({ event: 'mail', template: template.kind, err: error }, 'mail failed'));
  }

  // An unknown e-mail is checked against this hash, so that it costs the same argon2id work as a wrong
  // password and the two cannot be told apart by timing. Made with the same parameters as real hashes.
  const dummyHash = passwords.hash(randomBytes(32).toString('base64url'));
  dummyHash.catch(() => undefined);

  const refreshTtlMs = (remember: boolean) => (remember ? lifetimes.refreshRememberTtl : lifetimes.refreshTtl) * 1000;

  /** Starts a sign-in: its first refresh token and its record (device, address). Answers the token and family. */
  async function issueSession(user: User, remember: boolean, ctx: RequestContext, executor: Kysely<Database> = db) {
    const now = clock.now();
    const refresh = await refreshTokens.startFamily(
      {
        userId: user.id,
        remember,
        now,
        ttlMs: refreshTtlMs(remember),
        familyMaxAgeMs: lifetimes.familyMaxAge * 1000,
      },
      executor,
    );
    const { device, key } = describeDevice(ctx.userAgent);
    await signIns.record(
      { familyId: refresh.row.familyId, userId: user.id, device, deviceKey: key, address: ctx.ip, now },
      executor,
    );
    return { value: refresh.value, familyId: refresh.row.familyId };
  }

  async function signAccess(user: { id: string; role: number }, sessionId: string) {
    return accessTokens.sign({ userId: user.id, role: user.role, sessionId });
  }

  /** Mails a fresh verification link to the account. */
  async function sendVerification(user: { id: string; email: string; firstName: string }, ctx: RequestContext) {
    const token = await accountTokens.issue(user.id, 'verify_email', clock.now(), VERIFY_EMAIL_TTL_MS, {
      email: user.email,
    });
    deliver(
      user.email,
      { kind: 'verify-email', firstName: user.firstName, link: `${appUrl}/verify-email#${token}` },
      ctx,
    );
  }

  /**
   * Opens the session of a sign-in whose every step succeeded, and mails the account when the device is new to it.
   */
  async function completeSignIn(
    row: UserRow,
    remember: boolean,
    ctx: RequestContext,
    attempt: Record<string, unknown>,
  ): Promise<AuthResult> {
    if (row.status === 'suspended') throw suspended(row.id, ctx, attempt);
    const user = toPublicUser(row);
    await refreshTokens.deleteDeadTokens(user.id, clock.now());
    const { device, key } = describeDevice(ctx.userAgent);
    const known = await signIns.knownDevice(user.id, key);
    // The sign-in, its session and its audit entry are one transaction (docs/decisions/027-back-office-actions-and-audit.md).
    const refreshToken = await db.transaction().execute(async (trx) => {
      const now = clock.now();
      await recordLastSignIn(trx, user.id, now);
      const session = await issueSession(user, remember, ctx, trx);
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
      deliver(
        user.email,
        { kind: 'new-sign-in', firstName: user.firstName, when: new Date(clock.now()), device, address: ctx.ip },
        ctx,
      );
    }
    return {
      user,
      access_token: await signAccess(user, refreshToken.familyId),
      refresh_token: refreshToken.value,
    };
  }

  /**
   * Tells the owner of an account, once per sign-in window, that its sign-in failed many times (as many as the
   * per-e-mail limit, over every address): in the account's language (docs/decisions/044-account-protection.md).
   */
  async function alertFailures(row: UserRow, ctx: RequestContext) {
    if (!(await limits.firstFailureAlert(row.email))) return;
    ctx.log.warn({ event: 'sign_in', outcome: 'failure_burst', userId: row.id, ip: ctx.ip }, 'sign-in failures');
    deliver(row.email, { kind: 'sign-in-failures', firstName: row.firstName, when: new Date(clock.now()) }, ctx, row);
  }

  /**
   * Re-authentication of a signed-in account (a factor, e-mail or session change): its current password as the
   * field error of `field` when missing or wrong. Wrong passwords count against the sign-in limits of the
   * account's e-mail, so a stolen access token cannot be used to guess it (docs/decisions/044-account-protection.md).
   */
  async function confirmPassword(
    user: Pick<UserRow, 'id' | 'email' | 'passwordHash'>,
    password: string | undefined,
    ctx: RequestContext,
    field = 'currentPassword',
  ): Promise<void> {
    if (!password) throw fieldError(field, 'validation.required');
    const counted = await limits.loginAttempt(user.email, ctx.ip, () => signIns.knownAddress(user.email, ctx.ip));
    if (counted.limited) throw rateLimitedError(counted.limited.retryAfter);
    if (!(await passwords.verify(user.passwordHash, password))) {
      ctx.log.info({ event: 'reauthentication', outcome: 'wrong_password', userId: user.id, ip: ctx.ip }, 're-auth');
      throw fieldError(field, 'validation.currentPasswordWrong');
    }
    await limits.loginSucceeded(user.email, ctx.ip);
  }

  /** confirmPassword for the signed-in account `userId`, read here (another module's route needs no users query). */
  async function confirmPasswordOf(
    userId: string,
    password: string | undefined,
    ctx: RequestContext,
    field = 'currentPassword',
  ): Promise<void> {
    const user = await users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    await confirmPassword(user, password, ctx, field);
  }

  /** A suspended account's sign-in: logged, refused with its own code (after the password was checked). */
  function suspended(userId: string, ctx: RequestContext, attempt: Record<string, unknown>): AppError {
    ctx.log.info({ ...attempt, outcome: 'suspended', userId }, 'sign-in attempt');
    return new AppError('ACCOUNT_SUSPENDED');
  }

  async function revokeOnReuse(row: RefreshTokenRow, ctx: RequestContext) {
    const revoked = await refreshTokens.revokeFamily(row.familyId, clock.now());
    ctx.log.warn(
      { event: 'refresh', outcome: 'reuse_detected', userId: row.userId, familyId: row.familyId, revoked, ip: ctx.ip },
      'refresh token used twice: its whole family is revoked',
    );
  }

  async function refresh(value: string, ctx: RequestContext): Promise<RefreshResult> {
    const row = await refreshTokens.findByValue(value);
    const now = clock.now();
    if (!row || row.revokedAt !== null) throw invalidRefreshToken();
    if (row.usedAt !== null) {
      await revokeOnReuse(row, ctx);
      throw invalidRefreshToken();
    }
    if (row.expiresAt <= now) throw invalidRefreshToken();
    const user = await users.findById(row.userId);
    if (!user) throw invalidRefreshToken();
    const child = await refreshTokens.rotate(row, now, refreshTtlMs(row.remember === 1));
    if (!child) {
      // Another request used it between our read and our update: that is a second use too.
      await revokeOnReuse(row, ctx);
      throw invalidRefreshToken();
    }
    await signIns.touch(row.familyId, ctx.ip, now);
    return { token: await signAccess(user, row.familyId), refresh_token: child.value };
  }

  return {
    async register(input: RegisterData, ctx: RequestContext): Promise<AuthResult> {
      const limited = await limits.registerAttempt(ctx.ip);
      if (limited !== null) {
        ctx.log.warn({ event: 'register', outcome: 'rate_limited', email: input.email, ip: ctx.ip }, 'registration');
        throw rateLimitedError(limited);
      }
      if (await users.findByEmail(input.email)) {
        ctx.log.info({ event: 'register', outcome: 'email_taken', email: input.email, ip: ctx.ip }, 'registration');
        throw new AppError('EMAIL_TAKEN');
      }
      await checkPassword('password', input.password, input);
      const passwordHash = await passwords.hash(input.password);
      let user: User;
      let refreshToken: { value: string; familyId: string };
      try {
        ({ user, refreshToken } = await db.transaction().execute(async (trx) => {
          const created = toPublicUser(
            await users.create(
              {
                firstName: input.firstName,
                lastName: input.lastName,
                email: input.email,
                role: 0,
                passwordHash,
                lastSignInAt: clock.now(),
                // The language the person registered in (the web app sends it as Accept-Language) is the
                // account's until they choose another in their settings; each sign-in applies it.
                preferredLanguage: mailLanguage(undefined, ctx.acceptLanguage),
              },
              trx,
            ),
          );
          const session = await issueSession(created, false, ctx, trx);
          await writeAudit(trx, {
            actorId: created.id,
            action: 'auth.register',
            entityType: 'user',
            entityId: created.id,
            after: { email: created.email, role: created.role },
            clientIp: ctx.ip,
            now: clock.now(),
          });
          return { user: created, refreshToken: session };
        }));
      } catch (error) {
        if (!(error instanceof EmailTakenError)) throw error;
        ctx.log.info({ event: 'register', outcome: 'email_taken', email: input.email, ip: ctx.ip }, 'registration');
        throw new AppError('EMAIL_TAKEN');
      }
      ctx.log.info(
        { event: 'register', outcome: 'success', userId: user.id, email: user.email, ip: ctx.ip },
        'registration',
      );
      await sendVerification(user, ctx);
      return {
        user,
        access_token: await signAccess(user, refreshToken.familyId),
        refresh_token: refreshToken.value,
      };
    },

    async login(input: LoginData, ctx: RequestContext): Promise<AuthResult | TwoFactorChallenge> {
      const attempt = { event: 'sign_in', email: input.email, ip: ctx.ip };
      const counted = await limits.loginAttempt(input.email, ctx.ip, () => signIns.knownAddress(input.email, ctx.ip));
      if (counted.limited) {
        ctx.log.warn({ ...attempt, outcome: 'rate_limited', limit: counted.limited.limit }, 'sign-in attempt');
        throw rateLimitedError(counted.limited.retryAfter);
      }
      const row = await users.findByEmail(input.email);
      let valid = false;
      if (row) valid = await passwords.verify(row.passwordHash, input.password);
      else await passwords.verify(await dummyHash, input.password);
      if (!row || !valid) {
        ctx.log.info({ ...attempt, outcome: 'invalid_credentials', userId: row?.id ?? null }, 'sign-in attempt');
        if (row && counted.emailAttempts >= limits.loginPerEmail) await alertFailures(row, ctx);
        throw invalidCredentials();
      }
      await limits.loginSucceeded(input.email, ctx.ip);
      if (row.status === 'suspended') throw suspended(row.id, ctx, attempt);
      const remember = input.remember ?? false;
      if (await twoFactor.isEnabled(row.id)) {
        // The password was right; no session until the second step (docs/decisions/023-two-factor-sign-in.md).
        const challenge = await twoFactor.issueChallenge(row.id, remember, clock.now());
        ctx.log.info({ ...attempt, outcome: 'second_factor_required', userId: row.id }, 'sign-in attempt');
        return { twoFactorRequired: true, challenge: challenge.value, expiresAt: challenge.expiresAt };
      }
      return completeSignIn(row, remember, ctx, { ...attempt, method: 'password' });
    },

    /**
     * The second step of a two-factor sign-in: the challenge of the password step and a code from the app or a
     * recovery code. A wrong, expired or replayed code, or a used recovery code, changes nothing and leaves the
     * challenge usable until it expires; codes are limited per account and per client address.
     */
    async loginTwoFactor(input: SecondFactor & { challenge: string }, ctx: RequestContext): Promise<AuthResult> {
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
      const row = await users.findById(challenge.userId);
      if (!row) throw invalidChallenge();
      return completeSignIn(row, challenge.remember === 1, ctx, { ...attempt, method: checked.method });
    },

    refresh,

    /**
     * The hand-off of a sign-in made without JavaScript (docs/decisions/070-forms-that-work-before-the-app.md): the
     * refresh token the form's answer left in a one-time cookie is used once, as a refresh, and the app gets the
     * next pair with the account and where to keep them. A token already used revokes its sign-in, as a refresh does.
     */
    async handoff(value: string, ctx: RequestContext): Promise<HandoffResponse> {
      const row = await refreshTokens.findByValue(value);
      const next = await refresh(value, ctx);
      const user = row ? await users.findById(row.userId) : undefined;
      if (!row || !user) throw invalidRefreshToken();
      if (user.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED');
      return {
        user: toPublicUser(user),
        access_token: next.token,
        refresh_token: next.refresh_token,
        remember: row.remember === 1,
      };
    },

    /** Revokes the token's family. Unknown, used or revoked tokens are accepted silently (idempotent). */
    async logout(value: string, ctx: RequestContext): Promise<void> {
      const row = await refreshTokens.findByValue(value);
      if (!row) return;
      const revoked = await refreshTokens.revokeFamily(row.familyId, clock.now());
      ctx.log.info({ event: 'sign_out', userId: row.userId, revoked, ip: ctx.ip }, 'signed out');
    },

    /** Ends every session of a user (for a password change): each refresh token of theirs stops working. */
    revokeAllForUser(userId: string): Promise<number> {
      return refreshTokens.revokeAllForUser(userId, clock.now());
    },

    sendVerification,
    deliver,
    confirmPassword,
    confirmPasswordOf,
    checkPassword,
    twoFactor,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
