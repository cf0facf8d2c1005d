import { notificationListQuerySchema, notificationPageSchema } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CUSTOMER_ROUTE, LIST_ERRORS } from '../../lib/customer-route';
import { pageOf } from '../../lib/listing';
import { authOf } from '../../plugins/authenticate';
import { createNotificationsRepository } from './notifications.repository';

/** GET /notifications: the signed-in customer's notifications, newest first, and how many are unread. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = createNotificationsRepository(app.database.db);

  app.get(
    '/notifications',
    {
      onRequest: app.authenticate,
      schema: {
        ...CUSTOMER_ROUTE,
        tags: ['notifications'],
        summary: 'My notifications',
        description:
          "Each is a translation key (`key`) with parameters and a time: the reader's app writes the title, " +
          "the message and how long ago, in the reader's language. `read=unread` lists only unread ones.",
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema, ...LIST_ERRORS },
      },
    },
    async (request) => {
      const { items, total, unread } = await notifications.list(authOf(request).userId, request.query);
      return { ...pageOf(request.query, total, items), unread };
    },
  );
};
