import type { ChangePasswordInput } from '@hostpilot/shared';
import type { RequestContext } from '../../lib/request-context';
import { type AccountDeps, signedInAccount } from './account-deps';
import { fieldError } from './auth.service';
import { createRefreshTokensRepository } from './refresh-tokens.repository';
import { createUsersRepository } from './users.repository';

/**
 * Changes the password of the signed-in account. Wrong current passwords count against the sign-in limits of the
 * account's e-mail, so a stolen access token cannot be used to guess it. Every other sign-in ends.
 */
export async function changePassword(
  { db, clock, passwords, auth }: Pick<AccountDeps, 'db' | 'clock' | 'passwords' | 'auth'>,
  userId: string,
  sessionId: string | undefined,
  input: ChangePasswordInput,
  ctx: RequestContext,
): Promise<void> {
  const user = await signedInAccount(db, userId);
  await auth.confirmPassword(user, input.currentPassword, ctx);
  if (input.newPassword === input.currentPassword) throw fieldError('newPassword', 'validation.passwordSame');
  await auth.checkPassword('newPassword', input.newPassword, user);
  const passwordHash = await passwords.hash(input.newPassword);
  const now = clock.now();
  const ended = await db.transaction().execute(async (trx) => {
    await createUsersRepository(db).setPasswordHash(userId, passwordHash, now, trx);
    return createRefreshTokensRepository(db).revokeOthersForUser(userId, sessionId ?? null, now, trx);
  });
  ctx.log.info({ event: 'password_change', outcome: 'success', userId, ended, ip: ctx.ip }, 'password change');
  auth.deliver(user.email, { kind: 'password-changed', firstName: user.firstName, when: new Date(now) }, ctx);
}
