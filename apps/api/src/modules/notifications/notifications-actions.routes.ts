import { notificationsEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { CUSTOMER_ROUTE, ITEM_ERRORS, SIGNED_IN_ERRORS } from '../../lib/customer-route';
import { notFound } from '../../lib/not-found';
import { authOf } from '../../plugins/authenticate';
import { endpointRoute } from '../../lib/endpoint-route';

async function unreadCount(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

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
    async (request) => ({ unread: await unreadCount(db, authOf(request).userId) }),
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
    async (request) => {
      const userId = authOf(request).userId;
      const found = await db
        .selectFrom('notifications')
        .select('id')
        .where('id', '=', request.params.id)
        .where('userId', '=', userId)
        .executeTakeFirst();
      if (!found) throw notFound('Notification');
      await db
        .updateTable('notifications')
        .set({ readAt: options.clock.now() })
        .where('id', '=', found.id)
        .where('readAt', 'is', null)
        .execute();
      return { unread: await unreadCount(db, userId) };
    },
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
    async (request) => {
      const userId = authOf(request).userId;
      await db
        .updateTable('notifications')
        .set({ readAt: options.clock.now() })
        .where('userId', '=', userId)
        .where('readAt', 'is', null)
        .execute();
      return { unread: await unreadCount(db, userId) };
    },
  );
};
