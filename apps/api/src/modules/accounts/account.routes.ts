import { accountEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { authOf } from '../../plugins/authenticate';
import { guardStaffScope } from '../../plugins/authorize';
import { context } from '../../lib/request-context';
import type { AccountDeps } from './account-deps';
import { accountSecurity } from './account-security';
import { undoEmailChange } from './change-email';
import { changePassword } from './change-password';
import { forgotPassword } from './forgot-password';
import { resetPassword } from './reset-password';
import { endAllSessionsOf, endOtherSessions, endSession, listSessions } from './sessions';
import { resendVerification, verifyEmail } from './verify-email';
import { endpointRoute } from '../../lib/endpoint-route';

const security = [{ bearerAuth: [] }];
const SIGNED_IN = { 401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED' };
const REAUTH = {
  400: 'VALIDATION_FAILED: `currentPassword` validation.required, .currentPasswordWrong',
  429: 'RATE_LIMITED: too many wrong passwords (the sign-in limits); see Retry-After',
};
const LINK = { 400: 'VALIDATION_FAILED, LINK_INVALID (unknown or altered), LINK_EXPIRED, LINK_USED' };

/** Password change and reset, e-mail verification, sessions, and the administrator's "end all sessions". */
export const accountRoutes: FastifyPluginAsyncZod<{ deps: AccountDeps }> = async (app, { deps }) => {
  endpointRoute(
    app,
    accountEndpoints.postAuthPasswordForgot,
    {
      schema: {
        tags: ['account'],
        summary: 'Mail a password-reset link (valid 30 minutes, once)',
        description:
          'Always 204 for a well-formed e-mail, whether or not an account has it. Limited per e-mail and address.',
        response: errorResponses({ ...BODY_ERRORS, 429: 'RATE_LIMITED' }),
      },
    },
    async (request, reply) => {
      await forgotPassword(deps, request.body.email, context(request));
      return reply.code(204).send(null);
    },
  );

  endpointRoute(
    app,
    accountEndpoints.postAuthPasswordReset,
    {
      schema: {
        tags: ['account'],
        summary: 'Set a new password with a reset link; every session of the account ends',
        response: errorResponses({ ...BODY_ERRORS, ...LINK }),
      },
    },
    async (request, reply) => {
      await resetPassword(deps, request.body.token, request.body.password, context(request));
      return reply.code(204).send(null);
    },
  );

  endpointRoute(
    app,
    accountEndpoints.postAuthPasswordChange,
    {
      schema: {
        tags: ['account'],
        summary: 'Change the password; every other session ends',
        description: 'A wrong current password answers 400 with a field error and counts against the sign-in limits.',
        security,
        response: errorResponses({ ...BODY_ERRORS, ...SIGNED_IN, 429: 'RATE_LIMITED' }),
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await changePassword(deps, auth.userId, auth.sessionId, request.body, context(request));
      return reply.code(204).send(null);
    },
  );

  endpointRoute(
    app,
    accountEndpoints.postAuthEmailVerify,
    {
      schema: {
        tags: ['account'],
        summary: 'Verify the e-mail address with the link of the verification mail',
        response: errorResponses({ ...BODY_ERRORS, ...LINK }),
      },
    },
    async (request, reply) => {
      await verifyEmail(deps, request.body.token, context(request));
      return reply.code(204).send(null);
    },
  );

  endpointRoute(
    app,
    accountEndpoints.postAuthEmailUndo,
    {
      schema: {
        tags: ['account'],
        summary: 'Undo an e-mail change with the link mailed to the previous address (valid 7 days, once)',
        description:
          "The previous address is the account's again, counted as verified, and every session of the account ends.",
        response: {
          ...errorResponses({ ...BODY_ERRORS, ...LINK, 409: 'EMAIL_TAKEN: another account has the address since' }),
        },
      },
    },
    async (request, reply) => {
      await undoEmailChange(deps, request.body.token, context(request));
      return reply.code(204).send(null);
    },
  );

  endpointRoute(
    app,
    accountEndpoints.postAuthEmailResend,
    {
      schema: {
        tags: ['account'],
        summary: 'Send the verification mail again',
        security,
        response: errorResponses({ ...SIGNED_IN, 429: 'RATE_LIMITED' }),
      },
    },
    async (request, reply) => {
      await resendVerification(deps, authOf(request).userId, context(request));
      return reply.code(204).send(null);
    },
  );

  endpointRoute(
    app,
    accountEndpoints.getAccountSecurity,
    {
      schema: {
        tags: ['account'],
        summary: 'The state of the account security settings',
        security,
        response: errorResponses(SIGNED_IN),
      },
    },
    async (request) => accountSecurity(deps, authOf(request).userId),
  );

  endpointRoute(
    app,
    accountEndpoints.getAuthSessions,
    {
      schema: {
        tags: ['account'],
        summary: "The account's active sign-ins, most recently used first",
        security,
        response: errorResponses(SIGNED_IN),
      },
    },
    async (request) => {
      const auth = authOf(request);
      return listSessions(deps, auth.userId, auth.sessionId);
    },
  );

  endpointRoute(
    app,
    accountEndpoints.deleteAuthSessionsItem,
    {
      schema: {
        tags: ['account'],
        summary: 'Sign one session out',
        description:
          "Another device's session needs the current password (`currentPassword`); the current session does not.",
        security,
        response: {
          ...errorResponses({
            ...BODY_ERRORS,
            ...SIGNED_IN,
            ...REAUTH,
            404: 'NOT_FOUND: no such session of this account',
          }),
        },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const password = request.body?.currentPassword;
      await endSession(deps, auth.userId, auth.sessionId, request.params.id, password, context(request));
      return reply.code(204).send(null);
    },
  );

  endpointRoute(
    app,
    accountEndpoints.postAuthSessionsSignOutOthers,
    {
      schema: {
        tags: ['account'],
        summary: 'Sign every other session out, with the current password',
        security,
        response: errorResponses({ ...BODY_ERRORS, ...SIGNED_IN, ...REAUTH }),
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await endOtherSessions(deps, auth.userId, auth.sessionId, request.body.currentPassword, context(request));
      return reply.code(204).send(null);
    },
  );

  // A back-office action: the staff scope reads the caller's role from the database on each request, and only a
  // role with users.write (the administrator) may end another account's sessions (docs/decisions/014-roles-and-permissions.md).
  await app.register(async (scope) => {
    guardStaffScope(scope);
    endpointRoute(
      scope.withTypeProvider<ZodTypeProvider>(),
      accountEndpoints.postAdminUsersSessionsEnd,
      {
        schema: {
          tags: ['admin'],
          summary: 'End every session of a user (administrators)',
          security,
          response: {
            ...errorResponses({ ...SIGNED_IN, 403: 'FORBIDDEN: the role may not change accounts', 404: 'NOT_FOUND' }),
          },
        },
      },
      async (request, reply) => {
        await endAllSessionsOf(deps, request.params.id, authOf(request).userId, context(request));
        return reply.code(204).send(null);
      },
    );
  });
};
