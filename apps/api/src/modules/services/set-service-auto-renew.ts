import type { ServiceState } from '@hostpilot/shared';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { ownService, type ServiceActionDeps, toServiceState } from './service-actions';
import { setAutoRenewOf } from './service-changes.repository';

/**
 * The owner turns automatic renewal of their service on or off: not on a cancelled service, and not on while a
 * cancellation is pending. The activity records a change, in the same transaction.
 */
export async function setServiceAutoRenew(
  { db, clock }: ServiceActionDeps,
  userId: string,
  id: string,
  enabled: boolean,
): Promise<ServiceState> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const service = await ownService(trx, userId, id);
    if (service.status === 'cancelled') throw new AppError('INVALID_STATE', { message: 'The service is cancelled' });
    if (enabled && service.cancelRequestedAt !== null) {
      throw new AppError('INVALID_STATE', { message: 'Withdraw the cancellation first' });
    }
    const updated = await setAutoRenewOf(trx, id, enabled, now);
    if ((service.autoRenew === 1) !== enabled) {
      await journal(trx, userId, userId, now).activity({
        action: enabled ? 'service.autoRenewOn' : 'service.autoRenewOff',
        subjectType: 'service',
        subjectId: id,
        params: { name: service.name },
      });
    }
    return toServiceState(updated);
  });
}
