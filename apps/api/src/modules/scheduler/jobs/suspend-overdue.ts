import { OVERDUE, openRenewalInvoices, renewalParams } from '../../billing';
import { enqueueProvisioning } from '../../provisioning';
import { findServiceForLifecycle, servicesDueForSuspension, suspendOverdueService } from '../../services';
import { change, DAY, type JobContext } from './job-run';

/** Suspends active services left unpaid the setting's days after their expiry, and tells their owner. */
export async function overdueSuspension(ctx: JobContext): Promise<number> {
  const threshold = ctx.now - ctx.settings.suspendAfterDays * DAY;
  const due = await servicesDueForSuspension(ctx.db, threshold);
  let changed = 0;
  for (const { id, userId } of due) {
    changed += await change(ctx, 'overdue-suspension', userId, async (trx, records) => {
      if (!(await suspendOverdueService(trx, id, { threshold, reason: OVERDUE, now: ctx.now }))) return false;
      await enqueueProvisioning(trx, { resourceType: 'service', resourceId: id, operation: 'suspend', now: ctx.now });
      const row = await findServiceForLifecycle(trx, id);
      if (!row) throw new Error(`service ${id} vanished in its own transaction`);
      const [invoice] = await openRenewalInvoices(trx, 'service', id);
      const params = { ...renewalParams({ type: 'service', row }), number: invoice?.number ?? null };
      await records.statusChange({
        entityType: 'service',
        entityId: id,
        from: 'active',
        to: 'suspended',
        reason: OVERDUE,
      });
      await records.tell({ type: 'error', key: 'serviceSuspendedOverdue', params });
      await records.activity({ action: 'service.suspended', subjectType: 'service', subjectId: id, params });
      await records.audit({
        action: 'service.suspend',
        entityType: 'service',
        entityId: id,
        before: { status: 'active' },
        after: { status: 'suspended', reason: OVERDUE },
      });
      return true;
    });
  }
  return changed;
}
