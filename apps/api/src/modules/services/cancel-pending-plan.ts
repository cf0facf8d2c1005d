import { type ChangePlanResponse, findServicePlan } from '@hostpilot/shared';
import { journal } from '../../lib/journal';
import { balanceOf, money, repriceOpenRenewalInvoices } from '../billing';
import { answerOf, type PlanChangeDeps, planError } from './plan-change';
import { ownService } from './service-actions';
import { clearPendingPlan } from './service-changes.repository';

/**
 * The owner cancels a downgrade waiting for the next renewal (docs/decisions/037-plan-changes.md): the open renewal
 * invoices take the current plan's price again, with the activity and audit, in one transaction.
 */
export async function cancelPendingPlan(
  { db, clock }: Omit<PlanChangeDeps, 'kind'>,
  userId: string,
  serviceId: string,
): Promise<ChangePlanResponse> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const service = await ownService(trx, userId, serviceId);
    if (service.pendingPlanId === null || service.status === 'cancelled') {
      throw planError('validation.planNoPending');
    }
    const updated = await clearPendingPlan(trx, service, now);
    if (!updated) throw planError('validation.planNoPending');
    await repriceOpenRenewalInvoices(trx, updated, now);
    const log = journal(trx, userId, userId, now);
    const pending = findServicePlan(service.kind, service.pendingPlanId);
    await log.activity({
      action: 'service.planDowngradeCancelled',
      subjectType: 'service',
      subjectId: service.id,
      params: { name: service.name, plan: pending?.name ?? service.pendingPlanId },
    });
    await log.audit({
      action: 'service.planDowngradeCancel',
      entityType: 'service',
      entityId: service.id,
      before: { pendingPlanId: service.pendingPlanId },
      after: { pendingPlanId: null },
    });
    return answerOf(updated, {
      direction: 'downgrade',
      charged: money(0),
      invoice: null,
      balance: money(await balanceOf(trx, userId)),
    });
  });
}
