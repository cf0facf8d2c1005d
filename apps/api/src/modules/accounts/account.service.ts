import { type ChangePasswordInput, passwordHasPersonalPart, permissionsOf, validationMessage } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/password';
import { type AuthRateLimits, rateLimitedError } from './auth-rate-limits';
import type { RequestContext } from '../../lib/request-context';
import type { AuthService } from './auth.service';
import { createRefreshTokensRepository } from './refresh-tokens.repository';
import { readSecuritySettings } from '../settings/security-settings';
import { VERIFY_EMAIL_TTL_MS } from './auth.service';
import { isUniqueViolation } from '../../db/errors';
import { createUsersRepository, restoreEmail, setUnverifiedEmail, userById } from './users.repository';
import { writeAudit } from '../../lib/audit';
import { type ConsumeFailure, createAccountTokensRepository } from './account-tokens.repository';
import { createSignInsRepository } from './sign-ins.repository';

/** How long a password-reset link works. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;

/** How long the undo link mailed to the previous address after an e-mail change works, in days. */
export const EMAIL_UNDO_DAYS = 7;
const EMAIL_UNDO_TTL_MS = EMAIL_UNDO_DAYS * 24 * 60 * 60 * 1000;

export interface AccountServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  passwords: PasswordHasher;
  limits: AuthRateLimits;
  auth: AuthService;
  appUrl: string;
}

const LINK_ERRORS: Record<ConsumeFailure, AppError['code']> = {
  invalid: 'LINK_INVALID',
  expired: 'LINK_EXPIRED',
  used: 'LINK_USED',
};

const fieldError = (field: string, key: Parameters<typeof validationMessage>[0]) =>
  new AppError('VALIDATION_FAILED', { fields: { [field]: { code: key, message: validationMessage(key) } } });

/**
 * Password change and reset, e-mail verification, and the account's sign-ins
 * (docs/decisions/019-unverified-accounts.md, 020-remember-me-and-sessions.md).
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { db, clock, passwords, limits, auth, appUrl } = deps;
  const users = createUsersRepository(db);
  const tokens = createAccountTokensRepository(db);
  const refreshTokens = createRefreshTokensRepository(db);
  const signIns = createSignInsRepository(db);

  async function userOrSignIn(userId: string) {
    const user = await users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  }

  return {
    /**
     * Mails a reset link when the e-mail belongs to an account. The answer is the same either way, and comes
     * before the mail is sent, so neither its content nor its timing tells whether the account exists.
     */
    async forgotPassword(email: string, ctx: RequestContext): Promise<void> {
      const limited = await limits.mailRequest('reset', email, ctx.ip);
      if (limited.address !== null) throw rateLimitedError(limited.address);
      const user = await users.findByEmail(email);
      // Over the e-mail's own limit no more mails go to it, but the answer stays 204: requests by others for this
      // e-mail never turn its owner's own request away (docs/decisions/044-account-protection.md).
      const quiet = limited.email !== null;
      ctx.log.info(
        {
          event: 'password_reset_requested',
          userId: user?.id ?? null,
          ip: ctx.ip,
          ...(quiet ? { outcome: 'quiet' } : {}),
        },
        'password reset',
      );
      if (!user || quiet) return;
      const token = await tokens.issue(user.id, 'password_reset', clock.now(), PASSWORD_RESET_TTL_MS);
      auth.deliver(
        user.email,
        {
          kind: 'password-reset',
          firstName: user.firstName,
          link: `${appUrl}/reset-password#${token}`,
          minutes: PASSWORD_RESET_TTL_MS / 60_000,
        },
        ctx,
      );
    },

    /**
     * Sets a new password with a reset link: the link is used up, every session of the account ends, and the
     * address counts as verified (the link proved the mailbox), all in one transaction.
     */
    async resetPassword(token: string, password: string, ctx: RequestContext): Promise<void> {
      // The link names the account only once it is used: its name and e-mail are checked then, before anything
      // is written, so that a refused password leaves the link working.
      await auth.checkPassword('password', password, {});
      const passwordHash = await passwords.hash(password);
      const now = clock.now();
      const result = await db.transaction().execute(async (trx) => {
        const used = await tokens.consume(token, 'password_reset', now, trx);
        if (!used.ok) return used;
        const person = await userById(trx, used.row.userId);
        if (person && passwordHasPersonalPart(password, person))
          throw fieldError('password', 'validation.passwordPersonal');
        await users.setPasswordHash(used.row.userId, passwordHash, now, trx);
        await users.markEmailVerified(used.row.userId, now, trx);
        await refreshTokens.revokeOthersForUser(used.row.userId, null, now, trx);
        return used;
      });
      if (!result.ok) {
        ctx.log.info({ event: 'password_reset', outcome: result.reason, ip: ctx.ip }, 'password reset');
        throw new AppError(LINK_ERRORS[result.reason]);
      }
      const user = await users.findById(result.row.userId);
      ctx.log.info({ event: 'password_reset', outcome: 'success', userId: result.row.userId, ip: ctx.ip }, 'reset');
      if (user)
        auth.deliver(user.email, { kind: 'password-changed', firstName: user.firstName, when: new Date(now) }, ctx);
    },

    /**
     * Changes the password of the signed-in account. Wrong current passwords count against the sign-in limits of
     * the account's e-mail, so a stolen access token cannot be used to guess it. Every other sign-in ends.
     */
    async changePassword(
      userId: string,
      sessionId: string | undefined,
      input: ChangePasswordInput,
      ctx: RequestContext,
    ): Promise<void> {
      const user = await userOrSignIn(userId);
      await auth.confirmPassword(user, input.currentPassword, ctx);
      if (input.newPassword === input.currentPassword) throw fieldError('newPassword', 'validation.passwordSame');
      await auth.checkPassword('newPassword', input.newPassword, user);
      const passwordHash = await passwords.hash(input.newPassword);
      const now = clock.now();
      const ended = await db.transaction().execute(async (trx) => {
        await users.setPasswordHash(userId, passwordHash, now, trx);
        return refreshTokens.revokeOthersForUser(userId, sessionId ?? null, now, trx);
      });
      ctx.log.info({ event: 'password_change', outcome: 'success', userId, ended, ip: ctx.ip }, 'password change');
      auth.deliver(user.email, { kind: 'password-changed', firstName: user.firstName, when: new Date(now) }, ctx);
    },

    /**
     * Marks the account's e-mail verified with the link of its verification mail; a link mailed to an address the
     * account no longer has verifies nothing (LINK_INVALID).
     */
    async verifyEmail(token: string, ctx: RequestContext): Promise<void> {
      const now = clock.now();
      const result = await db.transaction().execute(async (trx) => {
        const used = await tokens.consume(token, 'verify_email', now, trx);
        if (!used.ok) return used;
        const user = await userById(trx, used.row.userId);
        if (!user || (used.row.email !== null && used.row.email !== user.email)) {
          return { ok: false as const, reason: 'invalid' as const };
        }
        await users.markEmailVerified(used.row.userId, now, trx);
        return used;
      });
      if (!result.ok) throw new AppError(LINK_ERRORS[result.reason]);
      ctx.log.info({ event: 'email_verified', userId: result.row.userId }, 'e-mail verified');
    },

    /** Sends the verification mail again (limited like reset mails); nothing when already verified. */
    async resendVerification(userId: string, ctx: RequestContext): Promise<void> {
      const user = await userOrSignIn(userId);
      if (user.emailVerifiedAt !== null) return;
      const limited = await limits.mailRequest('verify', user.email, ctx.ip);
      // Only the signed-in owner asks for these, so the e-mail's own limit may refuse too.
      const retryAfter = limited.address ?? limited.email;
      if (retryAfter !== null) throw rateLimitedError(retryAfter);
      await auth.sendVerification(user, ctx);
    },

    /**
     * The e-mail of the account changes to `newEmail`, in the caller's transaction: the new address is unverified
     * until its link is clicked, and the previous one gets a link that restores it for EMAIL_UNDO_DAYS
     * (docs/decisions/044-account-protection.md). Answers the function that mails both, to call after commit.
     */
    async changeEmail(
      user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'preferredLanguage'>,
      newEmail: string,
      now: number,
      trx: Kysely<Database>,
    ): Promise<(ctx: RequestContext) => void> {
      await setUnverifiedEmail(trx, user.id, newEmail);
      const verify = await tokens.issue(user.id, 'verify_email', now, VERIFY_EMAIL_TTL_MS, {
        email: newEmail,
        executor: trx,
      });
      const undo = await tokens.issue(user.id, 'email_undo', now, EMAIL_UNDO_TTL_MS, {
        email: user.email,
        executor: trx,
      });
      return (ctx) => {
        auth.deliver(
          user.email,
          {
            kind: 'email-changed',
            firstName: user.firstName,
            when: new Date(now),
            newEmail,
            link: `${appUrl}/undo-email-change#${undo}`,
            days: EMAIL_UNDO_DAYS,
          },
          ctx,
          user,
        );
        auth.deliver(
          newEmail,
          { kind: 'verify-email', firstName: user.firstName, link: `${appUrl}/verify-email#${verify}` },
          ctx,
          user,
        );
      };
    },

    /**
     * The undo link of an e-mail change: the previous address is the account's again (verified: the link proved
     * the mailbox), and every session ends. An address another account has taken since answers EMAIL_TAKEN.
     */
    async undoEmailChange(token: string, ctx: RequestContext): Promise<void> {
      const now = clock.now();
      let result;
      try {
        result = await db.transaction().execute(async (trx) => {
          const used = await tokens.consume(token, 'email_undo', now, trx);
          if (!used.ok || used.row.email === null)
            return used.ok ? { ok: false as const, reason: 'invalid' as const } : used;
          const before = await userById(trx, used.row.userId);
          await restoreEmail(trx, used.row.userId, used.row.email, now);
          await refreshTokens.revokeOthersForUser(used.row.userId, null, now, trx);
          await writeAudit(trx, {
            actorId: used.row.userId,
            action: 'user.emailRestored',
            entityType: 'user',
            entityId: used.row.userId,
            before: { email: before?.email ?? null },
            after: { email: used.row.email },
            clientIp: ctx.ip,
            now,
          });
          return used;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
        throw error;
      }
      if (!result.ok) throw new AppError(LINK_ERRORS[result.reason]);
      ctx.log.warn({ event: 'email_change_undone', userId: result.row.userId, ip: ctx.ip }, 'e-mail change undone');
    },

    /** The Security section's state: e-mail verification, two-factor sign-in, and whether the back office needs it. */
    async security(userId: string) {
      const user = await userOrSignIn(userId);
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
    },

    /** The account's active sign-ins, the current one marked. */
    async sessions(userId: string, sessionId: string | undefined) {
      const rows = await signIns.listActive(userId, clock.now());
      return rows.map((row) => ({
        id: row.familyId,
        device: row.device,
        address: row.address,
        startedAt: row.createdAt,
        lastUsedAt: row.lastUsedAt,
        current: row.familyId === sessionId,
      }));
    },

    /**
     * Ends one sign-in of the account; another account's (or an unknown) id answers 404. Ending another device's
     * sign-in needs the current password (docs/decisions/044-account-protection.md); ending the current one does not.
     */
    async endSession(
      userId: string,
      sessionId: string | undefined,
      id: string,
      currentPassword: string | undefined,
      ctx: RequestContext,
    ): Promise<void> {
      if (!(await signIns.belongsTo(id, userId))) throw new AppError('NOT_FOUND');
      if (id !== sessionId) await auth.confirmPassword(await userOrSignIn(userId), currentPassword, ctx);
      const revoked = await refreshTokens.revokeFamily(id, clock.now());
      ctx.log.info({ event: 'session_ended', userId, familyId: id, revoked }, 'session ended');
    },

    /** Ends every sign-in of the account but the current one, with the current password. */
    async endOtherSessions(
      userId: string,
      sessionId: string | undefined,
      currentPassword: string | undefined,
      ctx: RequestContext,
    ): Promise<number> {
      await auth.confirmPassword(await userOrSignIn(userId), currentPassword, ctx);
      const ended = await refreshTokens.revokeOthersForUser(userId, sessionId ?? null, clock.now());
      ctx.log.info({ event: 'sessions_ended', userId, ended }, 'other sessions ended');
      return ended;
    },

    /** An administrator ends every sign-in of a user; unknown users answer 404. */
    async endAllSessionsOf(targetId: string, adminId: string, ctx: RequestContext): Promise<void> {
      if (!(await users.findById(targetId))) throw new AppError('NOT_FOUND');
      const ended = await refreshTokens.revokeOthersForUser(targetId, null, clock.now());
      ctx.log.warn({ event: 'sessions_ended_by_admin', userId: targetId, adminId, ended }, 'sessions ended by admin');
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
