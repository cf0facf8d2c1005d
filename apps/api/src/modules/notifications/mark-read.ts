import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/not-found';
import { createNotificationsRepository } from './notifications.repository';

/** How many of the customer's notifications are unread: the header's count. */
export const unreadNotifications = (db: Kysely<Database>, userId: string): Promise<number> =>
  createNotificationsRepository(db).unreadCount(userId);

/**
 * Marks one of the customer's notifications read (its first reading time is kept) and answers the unread count
 * after it; another customer's notification answers as one that does not exist.
 */
export async function markNotificationRead(
  db: Kysely<Database>,
  change: { userId: string; id: string; now: number },
): Promise<{ unread: number }> {
  const notifications = createNotificationsRepository(db);
  const found = await notifications.findOwn(change.userId, change.id);
  if (!found) throw notFound('Notification');
  await notifications.markRead(found.id, change.now);
  return { unread: await notifications.unreadCount(change.userId) };
}

/** Marks every notification of the customer read and answers the unread count after it. */
export async function markAllNotificationsRead(
  db: Kysely<Database>,
  change: { userId: string; now: number },
): Promise<{ unread: number }> {
  const notifications = createNotificationsRepository(db);
  await notifications.markAllRead(change.userId, change.now);
  return { unread: await notifications.unreadCount(change.userId) };
}
