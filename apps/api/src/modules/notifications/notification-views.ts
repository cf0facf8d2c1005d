import type { Activity, Notification } from '@hostpilot/shared';
import type { Selectable } from 'kysely';
import type { ActivityTable, NotificationsTable } from '../../db/schema';
import { iso, parseParams } from '../../lib/listing';

/** What a customer reads of a notification or an activity row: the dashboard's summary shows them too. */
export function toNotification(row: Omit<Selectable<NotificationsTable>, 'userId'>): Notification {
  return {
    id: row.id,
    type: row.type,
    key: row.key,
    params: parseParams(row.params),
    createdAt: iso(row.createdAt),
    read: row.readAt !== null,
  };
}

export function toActivity(row: Omit<Selectable<ActivityTable>, 'userId'>): Activity {
  return {
    id: row.id,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    params: parseParams(row.params),
    createdAt: iso(row.createdAt),
  };
}
