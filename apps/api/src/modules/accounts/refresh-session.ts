import type { HandoffResponse } from '@hostpilot/shared';
import type { RefreshTokenRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { createRefreshTokensRepository } from './refresh-tokens.repository';
import { invalidRefreshToken, type RefreshResult, refreshTtlMs, signAccess, type SignInDeps } from './sign-in-session';
import { createSignInsRepository } from './sign-ins.repository';
import { createUsersRepository, toPublicUser } from './users.repository';

/**
 * A sign-in's refresh, its hand-off and its end (docs/decisions/003-token-design.md): a refresh token is used
 * once; a second use revokes its whole family.
 */

async function revokeOnReuse(
  { db, clock }: Pick<SignInDeps, 'db' | 'clock'>,
  row: RefreshTokenRow,
  ctx: RequestContext,
) {
  const revoked = await createRefreshTokensRepository(db).revokeFamily(row.familyId, clock.now());
  ctx.log.warn(
    { event: 'refresh', outcome: 'reuse_detected', userId: row.userId, familyId: row.familyId, revoked, ip: ctx.ip },
    'refresh token used twice: its whole family is revoked',
  );
}

/** Uses a refresh token once: the next access token and refresh token of its sign-in. */
export async function refreshSession(
  deps: Pick<SignInDeps, 'db' | 'clock' | 'lifetimes' | 'accessTokens'>,
  value: string,
  ctx: RequestContext,
): Promise<RefreshResult> {
  const { db, clock } = deps;
  const refreshTokens = createRefreshTokensRepository(db);
  const row = await refreshTokens.findByValue(value);
  const now = clock.now();
  if (!row || row.revokedAt !== null) throw invalidRefreshToken();
  if (row.usedAt !== null) {
    await revokeOnReuse(deps, row, ctx);
    throw invalidRefreshToken();
  }
  if (row.expiresAt <= now) throw invalidRefreshToken();
  const user = await createUsersRepository(db).findById(row.userId);
  if (!user) throw invalidRefreshToken();
  const child = await refreshTokens.rotate(row, now, refreshTtlMs(deps, row.remember === 1));
  if (!child) {
    // Another request used it between our read and our update: that is a second use too.
    await revokeOnReuse(deps, row, ctx);
    throw invalidRefreshToken();
  }
  await createSignInsRepository(db).touch(row.familyId, ctx.ip, now);
  return { token: await signAccess(deps, user, row.familyId), refresh_token: child.value };
}

/**
 * The hand-off of a sign-in made without JavaScript (docs/decisions/070-forms-that-work-before-the-app.md): the
 * refresh token the form's answer left in a one-time cookie is used once, as a refresh, and the app gets the next
 * pair with the account and where to keep them. A token already used revokes its sign-in, as a refresh does.
 */
export async function handOffSession(
  deps: Pick<SignInDeps, 'db' | 'clock' | 'lifetimes' | 'accessTokens'>,
  value: string,
  ctx: RequestContext,
): Promise<HandoffResponse> {
  const users = createUsersRepository(deps.db);
  const row = await createRefreshTokensRepository(deps.db).findByValue(value);
  const next = await refreshSession(deps, value, ctx);
  const user = row ? await users.findById(row.userId) : undefined;
  if (!row || !user) throw invalidRefreshToken();
  if (user.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED');
  return {
    user: toPublicUser(user),
    access_token: next.token,
    refresh_token: next.refresh_token,
    remember: row.remember === 1,
  };
}

/** Revokes the token's family. Unknown, used or revoked tokens are accepted silently (idempotent). */
export async function signOut(
  { db, clock }: Pick<SignInDeps, 'db' | 'clock'>,
  value: string,
  ctx: RequestContext,
): Promise<void> {
  const refreshTokens = createRefreshTokensRepository(db);
  const row = await refreshTokens.findByValue(value);
  if (!row) return;
  const revoked = await refreshTokens.revokeFamily(row.familyId, clock.now());
  ctx.log.info({ event: 'sign_out', userId: row.userId, revoked, ip: ctx.ip }, 'signed out');
}
