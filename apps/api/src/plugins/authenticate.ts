import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { precompiled } from '../db/precompiled';
import type { ExpressionBuilder } from 'kysely';
import type { Database, UserRow } from '../db/schema';
import type { AccessClaims, AccessTokens } from '../lib/access-token';
import { AppError } from '../lib/errors';

/** The signed-in account as every authenticated request reads it: its public fields. */
export type SessionAccount = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'role'>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Hook that requires a valid access token (`Authorization: Bearer <token>`) of an account that may still be
     * signed in, and sets `request.auth` and `request.account`.
     * Use it as a route's `onRequest`: `{ onRequest: app.authenticate }`.
     */
    authenticate: onRequestAsyncHookHandler;
    /**
     * Hook, after `app.authenticate`, that answers 403 EMAIL_NOT_VERIFIED unless the caller's e-mail address is
     * verified: ordering, paying, adding funds and tickets (docs/decisions/019-unverified-accounts.md).
     */
    requireVerifiedEmail: onRequestAsyncHookHandler;
    /** The verified claims of the request's access token (`Authorization: Bearer`); throws 401 without one. */
    accessClaims(request: FastifyRequest): AccessClaims;
  }
  interface FastifyRequest {
    /** The signed-in caller; null unless the route ran `app.authenticate`. Read it with authOf(request). */
    auth: AccessClaims | null;
    /** The caller's account, read on this request; null unless the route ran `app.authenticate`. */
    account: SessionAccount | null;
    /**
     * The caller's account generation, read with the account (migration 0140): it moves with every change the
     * dashboard summary can show. 0 unless the route ran `app.authenticate`.
     */
    accountGeneration: number;
  }
}

const BEARER = /^Bearer +(\S+) *$/i;

export function signInRequired(): AppError {
  return new AppError('UNAUTHORIZED', { headers: { 'www-authenticate': 'Bearer realm="hostpilot"' } });
}

/** The access token's sign-in has ended: the client refreshes (and is refused) or signs in again. */
export function sessionEnded(): AppError {
  return new AppError('TOKEN_INVALID', { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });
}

const isTrue = (value: number | string | boolean | null | undefined) =>
  value === true || value === 1 || value === '1' || value === 't';

/** The caller of a route that ran app.authenticate. */
export function authOf(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw signInRequired();
  return request.auth;
}

/** The caller's account, as read by app.authenticate on this request. */
export function accountOf(request: FastifyRequest): SessionAccount {
  if (!request.account) throw signInRequired();
  return request.account;
}

async function authenticatePlugin(app: FastifyInstance, options: { accessTokens: AccessTokens }) {
  app.decorateRequest('auth', null);
  app.decorateRequest('account', null);
  app.decorateRequest('accountGeneration', 0);
  const db = app.database.db;
  // The hottest read of the API, compiled once (docs/decisions/025-scale-read-paths.md).
  const readAccount = precompiled(
    db,
    (id: string, sessionId: string) =>
      db
        .selectFrom('users')
        .select(['id', 'firstName', 'lastName', 'email', 'role', 'status', 'deletedAt'])
        .select((eb) => [
          // Read before anything the request answers from, so a kept answer is never newer than its generation
          // (docs/decisions/039-account-generation-and-kept-answers.md).
          eb
            .selectFrom('accountGenerations')
            .select('value')
            .whereRef('accountGenerations.userId', '=', 'users.id')
            .as('generation'),
          sessionLive(eb, sessionId),
        ])
        .where('id', '=', id),
    (text) => app.database.prepare(text),
  );
  const accessClaims = (request: FastifyRequest): AccessClaims => {
    const header = request.headers.authorization;
    const match = header ? BEARER.exec(header) : null;
    if (!match) throw signInRequired();
    return options.accessTokens.verify(match[1]!);
  };
  app.decorate('accessClaims', accessClaims);
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const claims = accessClaims(request);
    // A suspended or deleted account's sessions end at once, whatever its tokens say
    // (docs/decisions/014-roles-and-permissions.md): one primary-key read per request.
    if (!claims.sessionId) throw signInRequired();
    signIn(request, claims, await readAccount(claims.userId, claims.sessionId));
  });
  const readVerifiedAt = precompiled(
    db,
    (id) => db.selectFrom('users').select('emailVerifiedAt').where('id', '=', id),
    (text) => app.database.prepare(text),
  );
  app.decorate('requireVerifiedEmail', async function requireVerifiedEmail(request: FastifyRequest) {
    const row = await readVerifiedAt(accountOf(request).id);
    if (!row || row.emailVerifiedAt === null) throw new AppError('EMAIL_NOT_VERIFIED');
  });
}

/**
 * Whether the access token's sign-in (its refresh-token family) is still live: it holds a token neither used
 * nor revoked. Selected with the account, in the same statement, so that an ended session's access tokens stop
 * at once without a second read per request (docs/decisions/044-account-protection.md).
 */
export function sessionLive(eb: ExpressionBuilder<Database, 'users'>, sessionId: string) {
  return eb
    .exists(
      eb
        .selectFrom('refreshTokens')
        .select('refreshTokens.id')
        .where('refreshTokens.familyId', '=', sessionId)
        .whereRef('refreshTokens.userId', '=', 'users.id')
        .where('refreshTokens.usedAt', 'is', null)
        .where('refreshTokens.revokedAt', 'is', null),
    )
    .as('sessionLive');
}

/** What app.authenticate reads of the caller's account (and the back office's staff check, with more). */
export type AccountRead = SessionAccount &
  Pick<UserRow, 'status' | 'deletedAt'> & {
    generation: number | string | null | undefined;
    /** Whether the token's sign-in is still live (sessionLive): 1/true or 0/false as the database answers. */
    sessionLive: number | string | boolean | null;
  };

/**
 * Sets the request's caller from its verified claims and the account read on this request; a missing,
 * deleted or suspended account answers 401.
 */
export function signIn(request: FastifyRequest, claims: AccessClaims, row: AccountRead | undefined): void {
  if (!row || row.deletedAt !== null || row.status !== 'active') throw signInRequired();
  // An ended sign-in (signed out, deleted from the session list, ended by a password or factor change) ends its
  // access tokens too (docs/decisions/044-account-protection.md).
  if (!isTrue(row.sessionLive)) throw sessionEnded();
  request.auth = claims;
  request.accountGeneration = Number(row.generation ?? 0);
  request.account = {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
  };
}

export default fp(authenticatePlugin, { name: 'authenticate', dependencies: ['database'] });
