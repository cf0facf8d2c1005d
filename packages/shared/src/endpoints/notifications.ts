import { defineEndpoint } from './define';
import { idParamsSchema, notificationListQuerySchema, notificationPageSchema } from '../api/customer';
import { unreadCountSchema } from '../api/self-service';

/** The notifications module's endpoints (docs/decisions/068-typed-endpoint-contract.md). */
export const notificationsEndpoints = {
  getNotifications: defineEndpoint({
    method: 'GET',
    path: '/notifications',
    query: notificationListQuerySchema,
    response: notificationPageSchema,
    auth: 'customer',
  }),
  getNotificationsUnreadCount: defineEndpoint({
    method: 'GET',
    path: '/notifications/unread-count',
    response: unreadCountSchema,
    auth: 'customer',
  }),
  postNotificationsRead: defineEndpoint({
    method: 'POST',
    path: '/notifications/:id/read',
    params: idParamsSchema,
    response: unreadCountSchema,
    auth: 'customer',
  }),
  postNotificationsReadAll: defineEndpoint({
    method: 'POST',
    path: '/notifications/read-all',
    response: unreadCountSchema,
    auth: 'customer',
  }),
};
