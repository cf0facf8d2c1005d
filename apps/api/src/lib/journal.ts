import { randomUUID } from 'node:crypto';
import type { ActivityAction, ActivitySubjectType, NotificationKey, NotificationType } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { writeAudit } from './audit';

/**
 * The records an action leaves beside its own rows, written in the action's transaction
 * (docs/decisions/012-data-model.md): the customer's activity, a notification (a translation key with
 * parameters, translated by the reader's app), a status-history row for a status change, and an audit entry.
 */

type Params = Record<string, string | number | boolean | null>;

export interface Journal {
  activity(entry: {
    action: ActivityAction;
    subjectType: ActivitySubjectType;
    subjectId: string | null;
    params?: Params;
  }): Promise<void>;
  notify(entry: { type: NotificationType; key: NotificationKey; params?: Params }): Promise<void>;
  statusChange(entry: {
    entityType: string;
    entityId: string;
    from: string | null;
    to: string;
    reason?: string | null;
  }): Promise<void>;
  audit(entry: {
    action: string;
    entityType: string;
    entityId: string | null;
    before?: unknown;
    after?: unknown;
  }): Promise<void>;
}

/**
 * The journal of `userId`'s account, written by `actorId` (the customer, or staff) at `now`, from `clientIp`
 * (the request's address, recorded with audit entries).
 */
export function journal(
  trx: Kysely<Database>,
  /** Null for a guest ticket's records (decision 053): no account to show an activity or a notification to. */
  userId: string | null,
  actorId: string | null,
  now: number,
  clientIp: string | null = null,
  /** The scheduled job that makes the change, recorded in the status history instead of a person. */
  job: string | null = null,
): Journal {
  return {
    async activity({ action, subjectType, subjectId, params = {} }) {
      if (userId === null) return;
      await trx
        .insertInto('activity')
        .values({
          id: randomUUID(),
          userId,
          action,
          subjectType,
          subjectId,
          params: JSON.stringify(params),
          createdAt: now,
        })
        .execute();
    },
    async notify({ type, key, params = {} }) {
      if (userId === null) return;
      await trx
        .insertInto('notifications')
        .values({ id: randomUUID(), userId, type, key, params: JSON.stringify(params), createdAt: now, readAt: null })
        .execute();
    },
    async statusChange({ entityType, entityId, from, to, reason = null }) {
      await trx
        .insertInto('statusHistory')
        .values({
          id: randomUUID(),
          entityType,
          entityId,
          fromStatus: from,
          toStatus: to,
          reason,
          actorId,
          job,
          createdAt: now,
        })
        .execute();
    },
    async audit({ action, entityType, entityId, before, after }) {
      await writeAudit(trx, { actorId, action, entityType, entityId, before, after, clientIp, now });
    },
  };
}
