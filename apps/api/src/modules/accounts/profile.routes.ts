import { usersEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { CUSTOMER_ROUTE } from '../../lib/customer-route';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { journal } from '../../lib/journal';
import type { AccountService } from './account.service';
import { context } from '../../lib/request-context';
import type { AuthService } from './auth.service';
import { authOf, signInRequired } from '../../plugins/authenticate';
import { isUniqueViolation } from '../../db/errors';
import { toPublicUser } from './users.repository';
import { endpointRoute } from '../../lib/endpoint-route';

/**
 * PUT /users/me (the profile form) and PATCH /users/me/preferences. A changed e-mail needs the current
 * password (counted like a sign-in) and must be free (409 EMAIL_TAKEN, as at registration); the new address is
 * unverified until its link is clicked, and the previous one is mailed a link that undoes the change
 * (docs/decisions/044-account-protection.md). The activity records each change.
 */
export const profileActionsRoutes: FastifyPluginAsyncZod<{
  clock: Clock;
  auth: AuthService;
  account: AccountService;
}> = async (app, options) => {
  const db = app.database.db;
  const schema = { ...CUSTOMER_ROUTE, tags: ['users'] };

  endpointRoute(
    app,
    usersEndpoints.putUsersMe,
    {
      schema: {
        ...schema,
        summary: 'Save my profile (changing the e-mail needs the current password)',
        description:
          'A changed e-mail is unverified until the link mailed to it is clicked; the previous address is mailed a ' +
          'link that restores it (POST /auth/email/undo, 7 days). A wrong password counts against the sign-in limits.',
        response: {
          ...errorResponses({
            ...BODY_ERRORS,
            401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
            409: 'EMAIL_TAKEN: another account has this e-mail',
            429: 'RATE_LIMITED: too many wrong passwords (the sign-in limits); see Retry-After',
          }),
        },
      },
    },
    async (request) => {
      const userId = authOf(request).userId;
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      if (!user || user.deletedAt !== null) throw signInRequired();
      const body = request.body;
      const emailChanges = body.email !== user.email;
      if (emailChanges) await options.auth.confirmPassword(user, body.currentPassword, context(request));
      const now = options.clock.now();
      let mailChange: ((ctx: ReturnType<typeof context>) => void) | undefined;
      try {
        const answer = await db.transaction().execute(async (trx) => {
          if (emailChanges) mailChange = await options.account.changeEmail(user, body.email, now, trx);
          const updated = await trx
            .updateTable('users')
            .set({ firstName: body.firstName, lastName: body.lastName, updatedAt: now })
            .where('id', '=', userId)
            .returningAll()
            .executeTakeFirstOrThrow();
          const log = journal(trx, userId, userId, now);
          await log.activity({ action: 'account.profileUpdated', subjectType: 'account', subjectId: userId });
          if (emailChanges) {
            await log.audit({
              action: 'user.emailChanged',
              entityType: 'user',
              entityId: userId,
              before: { email: user.email },
              after: { email: body.email },
            });
          }
          return toPublicUser(updated);
        });
        mailChange?.(context(request));
        return answer;
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
        throw error;
      }
    },
  );

  endpointRoute(
    app,
    usersEndpoints.patchUsersMePreferences,
    {
      schema: {
        ...schema,
        summary: 'Change my language or notification preferences (any subset)',
        response: {
          ...errorResponses({ ...BODY_ERRORS, 401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED' }),
        },
      },
    },
    async (request) => {
      const userId = authOf(request).userId;
      const body = request.body;
      const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
      const set = Object.fromEntries(
        Object.entries({
          preferredLanguage: body.language,
          notifyEmail: flag(body.emailNotifications),
          notifyServiceUpdates: flag(body.serviceUpdates),
          notifyMarketing: flag(body.marketing),
        }).filter(([, value]) => value !== undefined),
      );
      const now = options.clock.now();
      const user = await db
        .updateTable('users')
        .set({ ...set, updatedAt: now })
        .where('id', '=', userId)
        .where('deletedAt', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!user) throw signInRequired();
      return {
        language: user.preferredLanguage,
        emailNotifications: user.notifyEmail === 1,
        serviceUpdates: user.notifyServiceUpdates === 1,
        marketing: user.notifyMarketing === 1,
      };
    },
  );
};
