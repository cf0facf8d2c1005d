import type { Activity, Notification, notificationListQuerySchema } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { offsetOf } from '../../lib/listing';
import { toActivity, toNotification } from './notification-views';

export type NotificationQuery = z.output<typeof notificationListQuerySchema>;

/** A customer's notifications and activity. Every query filters by the owner. */
export function createNotificationsRepository(db: Kysely<Database>) {
  function unreadCount(userId: string) {
    return db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .where('readAt', 'is', null)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  return {
    unreadCount,

    /** The id of the owner's notification; undefined when it is not theirs. */
    findOwn(userId: string, id: string) {
      return db
        .selectFrom('notifications')
        .select('id')
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    /** Marks one notification read, keeping the time it was first read. */
    async markRead(id: string, now: number): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ readAt: now })
        .where('id', '=', id)
        .where('readAt', 'is', null)
        .execute();
    },

    /** Marks every unread notification of the owner read. */
    async markAllRead(userId: string, now: number): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ readAt: now })
        .where('userId', '=', userId)
        .where('readAt', 'is', null)
        .execute();
    },

    async list(userId: string, query: NotificationQuery) {
      let base = db.selectFrom('notifications').where('userId', '=', userId);
      if (query.read === 'read') base = base.where('readAt', 'is not', null);
      if (query.read === 'unread') base = base.where('readAt', 'is', null);
      const [rows, count, unread] = await Promise.all([
        base
          .selectAll()
          .orderBy('createdAt', query.order)
          .orderBy('id', query.order)
          .limit(query.pageSize)
          .offset(offsetOf(query))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        unreadCount(userId),
      ]);
      return { items: rows.map(toNotification), total: Number(count.n), unread };
    },

    async latest(userId: string, limit: number): Promise<Notification[]> {
      const rows = await db
        .selectFrom('notifications')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toNotification);
    },

    async recentActivity(userId: string, limit: number): Promise<Activity[]> {
      const rows = await db
        .selectFrom('activity')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toActivity);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
