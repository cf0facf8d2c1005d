import { randomBytes } from 'node:crypto';
import {
  DEFAULT_PASSWORD_POLICY,
  passwordHasPersonalPart,
  type PasswordPerson,
  type PasswordPolicy,
  passwordPolicyIssue,
  validationMessage,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isBreachedPassword } from '../../lib/breached-passwords';
import { isCommonPassword } from '../../lib/common-passwords';
import { mailLanguage } from '../../lib/mail/language';
import type { Mailer } from '../../lib/mail/mailer';
import type { MailTemplate } from '../../lib/mail/templates';
import type { PasswordHasher } from '../../lib/password';
import type { RequestContext } from '../../lib/request-context';
import { createAccountTokensRepository } from './account-tokens.repository';
import { createSignInsRepository } from './sign-ins.repository';
import type { TwoFactorKeys } from './two-factor-codes';
import { createTwoFactorRepository } from './two-factor.repository';
import { createUsersRepository } from './users.repository';
import { type AuthRateLimits, rateLimitedError } from './auth-rate-limits';

export interface AuthServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  passwords: PasswordHasher;
  limits: AuthRateLimits;
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

/** A field error whose code is a validation.* key. */
export function fieldError(field: string, key: Parameters<typeof validationMessage>[0]): AppError {
  return new AppError('VALIDATION_FAILED', { fields: { [field]: { code: key, message: validationMessage(key) } } });
}

/**
 * What the account's use cases share (sign-in, registration, the account's own changes, two-factor sign-in): the
 * mails, the password rules, the re-authentication of a signed-in account and its two-factor data. The sign-in use
 * cases are sign-in.ts, register.ts and refresh-session.ts (docs/decisions/003-token-design.md).
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, passwords, limits, mailer, appUrl, twoFactorKeys } = deps;
  const passwordPolicy = deps.passwordPolicy ?? (async () => DEFAULT_PASSWORD_POLICY);

  /** checkNewPassword under the policy saved now. */
  async function checkPassword(field: string, password: string, person: PasswordPerson): Promise<void> {
    checkNewPassword(field, password, await passwordPolicy(), person);
  }
  const twoFactor = createTwoFactorRepository(db, twoFactorKeys);
  const users = createUsersRepository(db);
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

  return {
    sendVerification,
    deliver,
    confirmPassword,
    confirmPasswordOf,
    checkPassword,
    twoFactor,
    /** Checks a password against no account, at the cost of a real check (a sign-in with an unknown e-mail). */
    async verifyWithoutAccount(password: string): Promise<void> {
      await passwords.verify(await dummyHash, password);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
