import { usersEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { CUSTOMER_ROUTE } from '../../lib/customer-route';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import type { AccountDeps } from './account-deps';
import { context } from '../../lib/request-context';
import type { AuthService } from './auth.service';
import { authOf } from '../../plugins/authenticate';
import { savePreferences, saveProfile } from './profile';
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
  account: AccountDeps;
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
    async (request) =>
      saveProfile(
        { db, auth: options.auth, account: options.account },
        authOf(request).userId,
        request.body,
        context(request),
        () => options.clock.now(),
      ),
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
    async (request) => savePreferences(db, authOf(request).userId, request.body, options.clock.now()),
  );
};
