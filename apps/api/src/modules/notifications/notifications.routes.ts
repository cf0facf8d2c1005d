import { notificationsEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIST_ERRORS } from '../../lib/customer-route';
import { pageOf } from '../../lib/listing';
import { authOf } from '../../plugins/authenticate';
import { createNotificationsRepository } from './notifications.repository';
import { endpointRoute } from '../../lib/endpoint-route';

/** GET /notifications: the signed-in customer's notifications, newest first, and how many are unread. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = createNotificationsRepository(app.database.db);

  endpointRoute(
    app,
    notificationsEndpoints.getNotifications,
    {
      schema: {
        tags: ['notifications'],
        summary: 'My notifications',
        description:
          "Each is a translation key (`key`) with parameters and a time: the reader's app writes the title, " +
          "the message and how long ago, in the reader's language. `read=unread` lists only unread ones.",
        response: LIST_ERRORS,
      },
    },
    async (request) => {
      const { items, total, unread } = await notifications.list(authOf(request).userId, request.query);
      return { ...pageOf(request.query, total, items), unread };
    },
  );
};
