import { preferencesSchema } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CUSTOMER_ROUTE, SIGNED_IN_ERRORS } from '../../lib/customer-route';
import { authOf, signInRequired } from '../../plugins/authenticate';
import { createUsersRepository } from './users.repository';

/** GET /users/me/preferences: the signed-in user's language and notification choices, as stored. */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUsersRepository(app.database.db);

  app.get(
    '/users/me/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        ...CUSTOMER_ROUTE,
        tags: ['users'],
        summary: 'My language and notification preferences',
        response: { 200: preferencesSchema, ...SIGNED_IN_ERRORS },
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
