import { usersEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SIGNED_IN_ERRORS } from '../../lib/customer-route';
import { authOf, signInRequired } from '../../plugins/authenticate';
import { createUsersRepository } from './users.repository';
import { endpointRoute } from '../../lib/endpoint-route';

/** GET /users/me/preferences: the signed-in user's language and notification choices, as stored. */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUsersRepository(app.database.db);

  endpointRoute(
    app,
    usersEndpoints.getUsersMePreferences,
    {
      schema: {
        tags: ['users'],
        summary: 'My language and notification preferences',
        response: SIGNED_IN_ERRORS,
      },
    },
    async (request) => {
      const user = await users.findById(authOf(request).userId);
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
