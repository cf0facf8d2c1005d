import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { precompiled } from '../db/precompiled';
import type { UserRow } from '../db/schema';
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
  }
  interface FastifyRequest {
    /** The signed-in caller; null unless the route ran `app.authenticate`. Read it with authOf(request). */
    auth: AccessClaims | null;
    /** The caller's account, read on this request; null unless the route ran `app.authenticate`. */
    account: SessionAccount | null;
  }
}

const BEARER = /^Bearer +(\S+) *$/i;

export function signInRequired(): AppError {
  return new AppError('UNAUTHORIZED', undefined, undefined, { 'www-authenticate': 'Bearer realm="hostpilot"' });
}

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
  const db = app.database.db;
  // The hottest read of the API, compiled once (docs/decisions/025-scale-read-paths.md).
  const readAccount = precompiled(
    db,
    (id) =>
      db
        .selectFrom('users')
        .select(['id', 'firstName', 'lastName', 'email', 'role', 'status', 'deletedAt'])
        .where('id', '=', id),
    (text) => app.database.prepare(text),
  );
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization;
    const match = header ? BEARER.exec(header) : null;
    if (!match) throw signInRequired();
    const claims = options.accessTokens.verify(match[1]!);
    // A suspended or deleted account's sessions end at once, whatever its tokens say
    // (docs/decisions/014-roles-and-permissions.md): one primary-key read per request.
    const row = await readAccount(claims.userId);
    if (!row || row.deletedAt !== null || row.status !== 'active') throw signInRequired();
    request.auth = claims;
    request.account = {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      role: row.role,
    };
  });
}

export default fp(authenticatePlugin, { name: 'authenticate', dependencies: ['database'] });
