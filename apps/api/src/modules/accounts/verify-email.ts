import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { type AccountDeps, LINK_ERRORS, signedInAccount } from './account-deps';
import { createAccountTokensRepository } from './account-tokens.repository';
import { rateLimitedError } from './auth-rate-limits';
import { createUsersRepository, userById } from './users.repository';

/**
 * Marks the account's e-mail verified with the link of its verification mail; a link mailed to an address the
 * account no longer has verifies nothing (LINK_INVALID). docs/decisions/019-unverified-accounts.md
 */
export async function verifyEmail(
  { db, clock }: Pick<AccountDeps, 'db' | 'clock'>,
  token: string,
  ctx: RequestContext,
): Promise<void> {
  const now = clock.now();
  const result = await db.transaction().execute(async (trx) => {
    const used = await createAccountTokensRepository(db).consume(token, 'verify_email', now, trx);
    if (!used.ok) return used;
    const user = await userById(trx, used.row.userId);
    if (!user || (used.row.email !== null && used.row.email !== user.email)) {
      return { ok: false as const, reason: 'invalid' as const };
    }
    await createUsersRepository(db).markEmailVerified(used.row.userId, now, trx);
    return used;
  });
  if (!result.ok) throw new AppError(LINK_ERRORS[result.reason]);
  ctx.log.info({ event: 'email_verified', userId: result.row.userId }, 'e-mail verified');
}

/** Sends the verification mail again (limited like reset mails); nothing when already verified. */
export async function resendVerification(
  { db, limits, auth }: Pick<AccountDeps, 'db' | 'limits' | 'auth'>,
  userId: string,
  ctx: RequestContext,
): Promise<void> {
  const user = await signedInAccount(db, userId);
  if (user.emailVerifiedAt !== null) return;
  const limited = await limits.mailRequest('verify', user.email, ctx.ip);
  // Only the signed-in owner asks for these, so the e-mail's own limit may refuse too.
  const retryAfter = limited.address ?? limited.email;
  if (retryAfter !== null) throw rateLimitedError(retryAfter);
  await auth.sendVerification(user, ctx);
}
