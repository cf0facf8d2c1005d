import {
  ADMIN_ROLE,
  accountSecuritySchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  sessionSchema,
  verifyEmailSchema,
} from '@hostpilot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/authenticate';
import { context } from '../auth/auth.routes';
import { createUsersRepository } from '../users/users.repository';
import type { AccountService } from './account.service';

const done = z.null().describe('Done');
const security = [{ bearerAuth: [] }];
const SIGNED_IN = { 401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED' };
const LINK = { 400: 'VALIDATION_FAILED, LINK_INVALID (unknown or altered), LINK_EXPIRED, LINK_USED' };

/** Password change and reset, e-mail verification, sessions, and the administrator's "end all sessions". */
export const accountRoutes: FastifyPluginAsyncZod<{ service: AccountService }> = async (app, { service }) => {
  const users = createUsersRepository(app.database.db);

  /** The administrator role, read from the database on each request (a demoted admin loses it at once). */
  async function requireAdmin(request: FastifyRequest) {
    const user = await users.findById(authOf(request).userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    if (user.role !== ADMIN_ROLE) throw new AppError('FORBIDDEN');
  }

  app.post(
    '/auth/password/forgot',
    {
      schema: {
        tags: ['account'],
        summary: 'Mail a password-reset link (valid 30 minutes, once)',
        description:
          'Always 204 for a well-formed e-mail, whether or not an account has it. Limited per e-mail and address.',
        body: forgotPasswordSchema,
        response: { 204: done, ...errorResponses({ ...BODY_ERRORS, 429: 'RATE_LIMITED' }) },
      },
    },
    async (request, reply) => {
      await service.forgotPassword(request.body.email, context(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/password/reset',
    {
      schema: {
        tags: ['account'],
        summary: 'Set a new password with a reset link; every session of the account ends',
        body: resetPasswordSchema,
        response: { 204: done, ...errorResponses({ ...BODY_ERRORS, ...LINK }) },
      },
    },
    async (request, reply) => {
      await service.resetPassword(request.body.token, request.body.password, context(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/password/change',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Change the password; every other session ends',
        description: 'A wrong current password answers 400 with a field error and counts against the sign-in limits.',
        security,
        body: changePasswordSchema,
        response: { 204: done, ...errorResponses({ ...BODY_ERRORS, ...SIGNED_IN, 429: 'RATE_LIMITED' }) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await service.changePassword(auth.userId, auth.sessionId, request.body, context(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/email/verify',
    {
      schema: {
        tags: ['account'],
        summary: 'Verify the e-mail address with the link of the verification mail',
        body: verifyEmailSchema,
        response: { 204: done, ...errorResponses({ ...BODY_ERRORS, ...LINK }) },
      },
    },
    async (request, reply) => {
      await service.verifyEmail(request.body.token, context(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/email/resend',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Send the verification mail again',
        security,
        response: { 204: done, ...errorResponses({ ...SIGNED_IN, 429: 'RATE_LIMITED' }) },
      },
    },
    async (request, reply) => {
      await service.resendVerification(authOf(request).userId, context(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/account/security',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'The state of the account security settings',
        security,
        response: { 200: accountSecuritySchema, ...errorResponses(SIGNED_IN) },
      },
    },
    async (request) => service.security(authOf(request).userId),
  );

  app.get(
    '/auth/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: "The account's active sign-ins, most recently used first",
        security,
        response: { 200: z.array(sessionSchema), ...errorResponses(SIGNED_IN) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return service.sessions(auth.userId, auth.sessionId);
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Sign one session out',
        security,
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 204: done, ...errorResponses({ ...SIGNED_IN, 404: 'NOT_FOUND: no such session of this account' }) },
      },
    },
    async (request, reply) => {
      await service.endSession(authOf(request).userId, request.params.id, context(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/sessions/sign-out-others',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Sign every other session out',
        security,
        response: { 204: done, ...errorResponses(SIGNED_IN) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await service.endOtherSessions(auth.userId, auth.sessionId, context(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/users/:id/sessions/end',
    {
      onRequest: app.authenticate,
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'End every session of a user (administrators)',
        security,
        params: z.object({ id: z.string().min(1).max(64) }),
        response: {
          204: done,
          ...errorResponses({ ...SIGNED_IN, 403: 'FORBIDDEN: not an administrator', 404: 'NOT_FOUND' }),
        },
      },
    },
    async (request, reply) => {
      await service.endAllSessionsOf(request.params.id, authOf(request).userId, context(request));
      return reply.code(204).send(null);
    },
  );
};
