import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessClaims, AccessTokens } from '../lib/access-token';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Hook that requires a valid access token (`Authorization: Bearer <token>`) and sets `request.auth`.
     * Use it as a route's `onRequest`: `{ onRequest: app.authenticate }`.
     */
    authenticate: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** The signed-in caller; null unless the route ran `app.authenticate`. Read it with authOf(request). */
    auth: AccessClaims | null;
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

async function authenticatePlugin(app: FastifyInstance, options: { accessTokens: AccessTokens }) {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization;
    const match = header ? BEARER.exec(header) : null;
    if (!match) throw signInRequired();
    request.auth = options.accessTokens.verify(match[1]!);
  });
}

export default fp(authenticatePlugin, { name: 'authenticate' });
