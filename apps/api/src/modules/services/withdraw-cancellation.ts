import type { ServiceState } from '@hostpilot/shared';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { ownService, type ServiceActionDeps, toServiceState } from './service-actions';
import { clearCancellation } from './service-changes.repository';

/** The owner withdraws a cancellation that has not taken effect yet; the activity records it. */
export async function withdrawServiceCancellation(
  { db, clock }: ServiceActionDeps,
  userId: string,
  id: string,
): Promise<ServiceState> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const service = await ownService(trx, userId, id);
    if (service.status === 'cancelled' || service.cancelRequestedAt === null) {
      throw new AppError('INVALID_STATE', { message: 'No cancellation is pending' });
    }
    const updated = await clearCancellation(trx, id, now);
    if (!updated) throw new AppError('INVALID_STATE');
    await journal(trx, userId, userId, now).activity({
      action: 'service.cancellationWithdrawn',
      subjectType: 'service',
      subjectId: id,
      params: { name: service.name },
    });
    return toServiceState(updated);
  });
}
