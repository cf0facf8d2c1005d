import { notificationsEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { CUSTOMER_ROUTE, ITEM_ERRORS, SIGNED_IN_ERRORS } from '../../lib/customer-route';
import { authOf } from '../../plugins/authenticate';
import { endpointRoute } from '../../lib/endpoint-route';
import { markAllNotificationsRead, markNotificationRead, unreadNotifications } from './mark-read';

/**
 * The header's unread count, and marking notifications read: one (its first reading time is kept) or all.
 * Each answers the unread count after the change.
 */
export const notificationActionsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, options) => {
  const db = app.database.db;
  const schema = { ...CUSTOMER_ROUTE, tags: ['notifications'] };

  endpointRoute(
    app,
    notificationsEndpoints.getNotificationsUnreadCount,
    {
      schema: {
        ...schema,
        summary: 'How many notifications are unread',
        response: SIGNED_IN_ERRORS,
      },
    },
    async (request) => ({ unread: await unreadNotifications(db, authOf(request).userId) }),
  );

  endpointRoute(
    app,
    notificationsEndpoints.postNotificationsRead,
    {
      schema: {
        ...schema,
        summary: 'Mark one notification read',
        response: ITEM_ERRORS,
      },
    },
    async (request) =>
      markNotificationRead(db, { userId: authOf(request).userId, id: request.params.id, now: options.clock.now() }),
  );

  endpointRoute(
    app,
    notificationsEndpoints.postNotificationsReadAll,
    {
      schema: {
        ...schema,
        summary: 'Mark every notification read',
        response: SIGNED_IN_ERRORS,
      },
    },
    async (request) => markAllNotificationsRead(db, { userId: authOf(request).userId, now: options.clock.now() }),
  );
};
