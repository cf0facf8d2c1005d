import { OVERDUE, renewalParams, voidOpenRenewalInvoices } from '../../billing';
import { enqueueProvisioning } from '../../provisioning';
import { cancelServiceFrom, findServiceForLifecycle, servicesDueForTermination } from '../../services';
import { change, DAY, type JobContext } from './job-run';

/** Cancels services left unpaid long after expiry; off by default. A suspension by staff is left to staff. */
export async function termination(ctx: JobContext): Promise<number> {
  if (!ctx.settings.terminationEnabled) return 0;
  const threshold = ctx.now - ctx.settings.terminateAfterDays * DAY;
  const due = await servicesDueForTermination(ctx.db, threshold, OVERDUE);
  let changed = 0;
  for (const { id, userId } of due) {
    changed += await change(ctx, 'termination', userId, async (trx, records) => {
      const row = await findServiceForLifecycle(trx, id);
      if (!row || row.expiresAt > threshold || row.status === 'cancelled' || row.status === 'pending') return false;
      if (row.status === 'suspended' && row.suspensionReason !== OVERDUE) return false;
      if (!(await cancelServiceFrom(trx, id, row.status, ctx.now))) return false;
      await enqueueProvisioning(trx, { resourceType: 'service', resourceId: id, operation: 'terminate', now: ctx.now });
      await voidOpenRenewalInvoices(trx, 'service', id, ctx.now, records);
      const params = renewalParams({ type: 'service', row });
      await records.statusChange({
        entityType: 'service',
        entityId: id,
        from: row.status,
        to: 'cancelled',
        reason: OVERDUE,
      });
      await records.tell({ type: 'error', key: 'serviceTerminated', params });
      await records.activity({ action: 'service.terminated', subjectType: 'service', subjectId: id, params });
      await records.audit({
        action: 'service.terminate',
        entityType: 'service',
        entityId: id,
        before: { status: row.status },
        after: { status: 'cancelled', reason: OVERDUE },
      });
      return true;
    });
  }
  return changed;
}
