import type { RegisterData, User } from '@hostpilot/shared';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { mailLanguage } from '../../lib/mail/language';
import type { RequestContext } from '../../lib/request-context';
import { rateLimitedError } from './auth-rate-limits';
import { type AuthResult, issueSession, signAccess, type SignInDeps } from './sign-in-session';
import { createUsersRepository, EmailTakenError, toPublicUser } from './users.repository';

/**
 * Registration (docs/decisions/003-token-design.md, 019-unverified-accounts.md): the account, its first session
 * and its audit entry in one transaction, then the verification mail. Limited per client address.
 */
export async function registerAccount(deps: SignInDeps, input: RegisterData, ctx: RequestContext): Promise<AuthResult> {
  const { db, clock, passwords, limits, auth } = deps;
  const users = createUsersRepository(db);
  const limited = await limits.registerAttempt(ctx.ip);
  if (limited !== null) {
    ctx.log.warn({ event: 'register', outcome: 'rate_limited', email: input.email, ip: ctx.ip }, 'registration');
    throw rateLimitedError(limited);
  }
  if (await users.findByEmail(input.email)) {
    ctx.log.info({ event: 'register', outcome: 'email_taken', email: input.email, ip: ctx.ip }, 'registration');
    throw new AppError('EMAIL_TAKEN');
  }
  await auth.checkPassword('password', input.password, input);
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
            // The language the person registered in (the web app sends it as Accept-Language) is the account's
            // until they choose another in their settings; each sign-in applies it.
            preferredLanguage: mailLanguage(undefined, ctx.acceptLanguage),
          },
          trx,
        ),
      );
      const session = await issueSession(deps, created, false, ctx, trx);
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
  await auth.sendVerification(user, ctx);
  return {
    user,
    access_token: await signAccess(deps, user, refreshToken.familyId),
    refresh_token: refreshToken.value,
  };
}
