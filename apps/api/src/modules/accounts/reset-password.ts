import { passwordHasPersonalPart } from '@hostpilot/shared';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { type AccountDeps, LINK_ERRORS } from './account-deps';
import { createAccountTokensRepository } from './account-tokens.repository';
import { fieldError } from './auth.service';
import { createRefreshTokensRepository } from './refresh-tokens.repository';
import { createUsersRepository, userById } from './users.repository';

/**
 * Sets a new password with a reset link: the link is used up, every session of the account ends, and the address
 * counts as verified (the link proved the mailbox), all in one transaction.
 */
export async function resetPassword(
  { db, clock, passwords, auth }: Pick<AccountDeps, 'db' | 'clock' | 'passwords' | 'auth'>,
  token: string,
  password: string,
  ctx: RequestContext,
): Promise<void> {
  const users = createUsersRepository(db);
  // The link names the account only once it is used: its name and e-mail are checked then, before anything is
  // written, so that a refused password leaves the link working.
  await auth.checkPassword('password', password, {});
  const passwordHash = await passwords.hash(password);
  const now = clock.now();
  const result = await db.transaction().execute(async (trx) => {
    const used = await createAccountTokensRepository(db).consume(token, 'password_reset', now, trx);
    if (!used.ok) return used;
    const person = await userById(trx, used.row.userId);
    if (person && passwordHasPersonalPart(password, person))
      throw fieldError('password', 'validation.passwordPersonal');
    await users.setPasswordHash(used.row.userId, passwordHash, now, trx);
    await users.markEmailVerified(used.row.userId, now, trx);
    await createRefreshTokensRepository(db).revokeOthersForUser(used.row.userId, null, now, trx);
    return used;
  });
  if (!result.ok) {
    ctx.log.info({ event: 'password_reset', outcome: result.reason, ip: ctx.ip }, 'password reset');
    throw new AppError(LINK_ERRORS[result.reason]);
  }
  const user = await users.findById(result.row.userId);
  ctx.log.info({ event: 'password_reset', outcome: 'success', userId: result.row.userId, ip: ctx.ip }, 'reset');
  if (user) auth.deliver(user.email, { kind: 'password-changed', firstName: user.firstName, when: new Date(now) }, ctx);
}
