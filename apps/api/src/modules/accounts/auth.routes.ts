import { authEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { context } from '../../lib/request-context';
import { registerAccount } from './register';
import { refreshSession, signOut } from './refresh-session';
import { signIn, signInSecondStep } from './sign-in';
import type { SignInDeps } from './sign-in-session';
import { endpointRoute } from '../../lib/endpoint-route';

/** POST /auth/register, /auth/login, /auth/refresh, /auth/logout (docs/product/api.md). */
export const authRoutes: FastifyPluginAsyncZod<{ deps: SignInDeps }> = async (app, { deps }) => {
  endpointRoute(
    app,
    authEndpoints.postAuthRegister,
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a customer account (role 0) and sign it in',
        description:
          'Unknown fields (a `role` among them) are ignored. The e-mail is trimmed and lower-cased; the password ' +
          'has 8 to 128 characters. Limited per client address (429 with Retry-After).',
        response: {
          ...errorResponses({
            ...BODY_ERRORS,
            409: 'EMAIL_TAKEN: an account with this e-mail exists',
            429: 'RATE_LIMITED: too many registrations from this address; see Retry-After',
          }),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await registerAccount(deps, request.body, context(request))),
  );

  endpointRoute(
    app,
    authEndpoints.postAuthLogin,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        description:
          'A wrong e-mail and a wrong password get the same 401. `remember: true` gives the refresh token the ' +
          'longer lifetime. Failed attempts are limited per e-mail and per client address (429 with Retry-After; a ' +
          'refused attempt counts against nothing, and the per-e-mail ceiling never blocks an address the account ' +
          'signed in from before). ' +
          'When the account has two-factor sign-in, a right password answers `twoFactorRequired: true` and a ' +
          '`challenge` (valid 5 minutes, once) for POST /auth/login/two-factor instead of a session.',
        response: {
          ...errorResponses({
            ...BODY_ERRORS,
            401: 'INVALID_CREDENTIALS: wrong e-mail or password (the same answer for both)',
            429: 'RATE_LIMITED: too many failed sign-ins for this e-mail or address; see Retry-After',
          }),
        },
      },
    },
    async (request) => signIn(deps, request.body, context(request)),
  );

  endpointRoute(
    app,
    authEndpoints.postAuthLoginTwoFactor,
    {
      schema: {
        tags: ['auth'],
        summary: 'Second sign-in step: a code from the authenticator app or a recovery code',
        description:
          'Send the `challenge` of POST /auth/login with exactly one of `code` (six digits) and `recoveryCode`. ' +
          'A code is accepted for its 30-second step and one either side, and only once; each recovery code ' +
          'works once. Attempts are limited per account and per client address (429 with Retry-After). A refused ' +
          'code leaves the challenge usable until it expires.',
        response: {
          ...errorResponses({
            ...BODY_ERRORS,
            400:
              'VALIDATION_FAILED (with `fields`): `code` validation.twoFactorCodeWrong, .twoFactorCodeExpired, ' +
              '.twoFactorCodeUsed; `recoveryCode` validation.recoveryCodeWrong, .recoveryCodeUsed; or MALFORMED_JSON',
            401: 'TWO_FACTOR_CHALLENGE_INVALID: unknown, expired or already used challenge; sign in again',
            429: 'RATE_LIMITED: too many codes for this account or address; see Retry-After',
          }),
        },
      },
    },
    async (request) => signInSecondStep(deps, request.body, context(request)),
  );

  endpointRoute(
    app,
    authEndpoints.postAuthRefresh,
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new access token and the next refresh token',
        description:
          'Each refresh token works once. Presenting one that was already used revokes its whole family ' +
          '(every session token descending from the same sign-in).',
        response: {
          ...errorResponses({
            ...BODY_ERRORS,
            401: 'REFRESH_TOKEN_INVALID: unknown, expired, used or revoked',
          }),
        },
      },
    },
    async (request) => refreshSession(deps, request.body.refreshToken, context(request)),
  );

  endpointRoute(
    app,
    authEndpoints.postAuthLogout,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the refresh token and its family',
        description:
          'Always 204, also for unknown tokens. The access tokens of the sign-in stop working at once ' +
          '(401 TOKEN_INVALID).',
        response: errorResponses(BODY_ERRORS),
      },
    },
    async (request, reply) => {
      await signOut(deps, request.body.refreshToken, context(request));
      return reply.code(204).send(null);
    },
  );
};
