import type { MessageParams, NotificationKey, NotificationType, SchedulerJobName } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type Journal, journal } from '../../lib/journal';
import type { NoticeMail } from '../notifications';

/**
 * What a job leaves beside its change, in the change's transaction (docs/decisions/030-lifecycle-automation.md):
 * the customer's activity and notification, a status-history row naming the job, and an audit entry whose
 * actor is the job (no person: `actor_id` null, the job in the action). The mail goes after the commit.
 */

export interface JobRecords extends Journal {
  /** Notifies the customer in the dashboard now and by mail once the transaction has committed. */
  tell(entry: { type: NotificationType; key: NotificationKey; params: MessageParams }): Promise<void>;
}

/** The audit entry of a job's change: one small writer, so that it can move to a shared audit helper. */
export async function writeJobAudit(
  trx: Kysely<Database>,
  job: SchedulerJobName,
  entry: { action: string; entityType: string; entityId: string | null; before?: unknown; after?: unknown },
  now: number,
): Promise<void> {
  await journal(trx, '', null, now).audit({ ...entry, action: `job.${job}.${entry.action}` });
}

export function jobRecords(
  trx: Kysely<Database>,
  job: SchedulerJobName,
  userId: string,
  now: number,
  mails: NoticeMail[],
): JobRecords {
  const base = journal(trx, userId, null, now, null, job);
  return {
    activity: (entry) => base.activity({ ...entry, params: { ...entry.params, job } }),
    notify: (entry) => base.notify(entry),
    audit: (entry) => writeJobAudit(trx, job, entry, now),
    statusChange: (entry) => base.statusChange(entry),
    async tell({ type, key, params }) {
      await base.notify({ type, key, params });
      mails.push({ userId, key, params });
    },
  };
}
