import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { journal } from '../../lib/journal';
import { enqueueProvisioning } from '../provisioning';
import { applyCancellation, dueCancellations } from './service-changes.repository';

/**
 * Cancels the services whose end-of-period cancellation is due (the scheduled job's work; safe to run on several
 * instances at once: each service moves once, by a conditional update). Each cancellation writes, in its
 * transaction, the terminate task, the status history (by the `cancellations` job) and the owner's notification.
 * Returns how many it cancelled.
 */
export async function applyDueCancellations(db: Kysely<Database>, now: number): Promise<number> {
  const due = await dueCancellations(db, now);
  let cancelled = 0;
  for (const service of due) {
    await db.transaction().execute(async (trx) => {
      if (!(await applyCancellation(trx, service, now))) return;
      cancelled += 1;
      await enqueueProvisioning(trx, { resourceType: 'service', resourceId: service.id, operation: 'terminate', now });
      const log = journal(trx, service.userId, null, now, null, 'cancellations');
      await log.statusChange({
        entityType: 'service',
        entityId: service.id,
        from: service.status,
        to: 'cancelled',
        reason: service.cancelReason,
      });
      await log.notify({ type: 'info', key: 'serviceCancelled', params: { name: service.name } });
    });
  }
  return cancelled;
}
