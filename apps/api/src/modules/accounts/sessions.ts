import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { type AccountDeps, signedInAccount } from './account-deps';
import { createRefreshTokensRepository } from './refresh-tokens.repository';
import { createSignInsRepository } from './sign-ins.repository';
import { createUsersRepository } from './users.repository';

/**
 * The account's sign-ins (docs/decisions/020-remember-me-and-sessions.md): the list of the active ones and
 * ending them, one, all but the current one, or, for an administrator, all of another account's.
 */

/** The account's active sign-ins, the current one marked. */
export async function listSessions(
  { db, clock }: Pick<AccountDeps, 'db' | 'clock'>,
  userId: string,
  sessionId: string | undefined,
) {
  const rows = await createSignInsRepository(db).listActive(userId, clock.now());
  return rows.map((row) => ({
    id: row.familyId,
    device: row.device,
    address: row.address,
    startedAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    current: row.familyId === sessionId,
  }));
}

/**
 * Ends one sign-in of the account; another account's (or an unknown) id answers 404. Ending another device's
 * sign-in needs the current password (docs/decisions/044-account-protection.md); ending the current one does not.
 */
export async function endSession(
  { db, clock, auth }: Pick<AccountDeps, 'db' | 'clock' | 'auth'>,
  userId: string,
  sessionId: string | undefined,
  id: string,
  currentPassword: string | undefined,
  ctx: RequestContext,
): Promise<void> {
  if (!(await createSignInsRepository(db).belongsTo(id, userId))) throw new AppError('NOT_FOUND');
  if (id !== sessionId) await auth.confirmPassword(await signedInAccount(db, userId), currentPassword, ctx);
  const revoked = await createRefreshTokensRepository(db).revokeFamily(id, clock.now());
  ctx.log.info({ event: 'session_ended', userId, familyId: id, revoked }, 'session ended');
}

/** Ends every sign-in of the account but the current one, with the current password. */
export async function endOtherSessions(
  { db, clock, auth }: Pick<AccountDeps, 'db' | 'clock' | 'auth'>,
  userId: string,
  sessionId: string | undefined,
  currentPassword: string | undefined,
  ctx: RequestContext,
): Promise<number> {
  await auth.confirmPassword(await signedInAccount(db, userId), currentPassword, ctx);
  const ended = await createRefreshTokensRepository(db).revokeOthersForUser(userId, sessionId ?? null, clock.now());
  ctx.log.info({ event: 'sessions_ended', userId, ended }, 'other sessions ended');
  return ended;
}

/** An administrator ends every sign-in of a user; unknown users answer 404. */
export async function endAllSessionsOf(
  { db, clock }: Pick<AccountDeps, 'db' | 'clock'>,
  targetId: string,
  adminId: string,
  ctx: RequestContext,
): Promise<void> {
  if (!(await createUsersRepository(db).findById(targetId))) throw new AppError('NOT_FOUND');
  const ended = await createRefreshTokensRepository(db).revokeOthersForUser(targetId, null, clock.now());
  ctx.log.warn({ event: 'sessions_ended_by_admin', userId: targetId, adminId, ended }, 'sessions ended by admin');
}
