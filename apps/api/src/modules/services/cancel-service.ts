import { type CancelWhen, type ServiceState, serviceStates } from '@hostpilot/shared';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { iso, ownService, type ServiceActionDeps, toServiceState } from './service-actions';
import { cancelServiceNow, requestCancellation } from './service-changes.repository';

/**
 * The owner cancels their service with a reason: at once (status history, notification and activity), or at the
 * end of its paid period (an active or suspended service without a pending cancellation; auto-renew stops).
 */
export async function cancelService(
  { db, clock }: ServiceActionDeps,
  userId: string,
  id: string,
  input: { when: CancelWhen; reason: string },
): Promise<ServiceState> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const service = await ownService(trx, userId, id);
    const log = journal(trx, userId, userId, now);
    const params = { name: service.name };
    if (input.when === 'now') {
      if (!serviceStates.canTransition(service.status, 'cancelled')) {
        throw new AppError('INVALID_STATE', { message: 'The service is already cancelled' });
      }
      const updated = await cancelServiceNow(trx, service, input.reason, now);
      if (!updated) throw new AppError('INVALID_STATE');
      await log.statusChange({
        entityType: 'service',
        entityId: id,
        from: service.status,
        to: 'cancelled',
        reason: input.reason,
      });
      await log.notify({ type: 'info', key: 'serviceCancelled', params });
      await log.activity({ action: 'service.cancelled', subjectType: 'service', subjectId: id, params });
      return toServiceState(updated);
    }
    if (service.status !== 'active' && service.status !== 'suspended') {
      throw new AppError('INVALID_STATE', {
        message: `A ${service.status} service cannot be cancelled at the end of its period`,
      });
    }
    if (service.cancelRequestedAt !== null)
      throw new AppError('INVALID_STATE', { message: 'A cancellation is already pending' });
    const updated = await requestCancellation(trx, id, input.reason, now);
    if (!updated) throw new AppError('INVALID_STATE');
    await log.activity({
      action: 'service.cancelRequested',
      subjectType: 'service',
      subjectId: id,
      params: { ...params, effectiveAt: iso(service.expiresAt) },
    });
    return toServiceState(updated);
  });
}
