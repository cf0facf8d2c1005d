import type { OrderDetail } from '@hostpilot/shared';
import { AppError } from '../../lib/errors';
import { lockAccount } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { closeOrder, transferPending } from './order-closing';
import { ownOrder, readOrderDetail } from './order-detail';
import type { OrderDeps } from './order-deps';

/**
 * The customer cancels an order still waiting for payment (docs/decisions/052-money-journeys.md):
 * its invoice is voided; nothing was paid, so nothing goes back. A bank transfer waiting for staff answers
 * INVALID_STATE: the money may be on its way, so staff decide.
 */
export async function cancelUnpaidOrder(
  { db, clock }: Pick<OrderDeps, 'db' | 'clock'>,
  userId: string,
  orderId: string,
  clientIp: string | null,
): Promise<OrderDetail> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    const order = await ownOrder(trx, userId, orderId);
    if (order.status !== 'pending_payment') {
      throw new AppError('INVALID_STATE', { message: 'Only an order waiting for payment can be cancelled here' });
    }
    if (await transferPending(trx, order.invoiceId)) {
      throw new AppError('INVALID_STATE', { message: 'A bank transfer toward this order is being checked' });
    }
    const log = journal(trx, userId, userId, now, clientIp);
    const { row } = await closeOrder(trx, order, 'cancelled', {
      cause: 'customer',
      reason: null,
      actorId: userId,
      now,
      log,
    });
    await log.audit({
      action: 'order.cancelByCustomer',
      entityType: 'order',
      entityId: order.id,
      before: { status: order.status, invoice: 'unpaid' },
      after: { status: row.status, invoice: 'void' },
    });
    const params = { number: order.number, amountMinor: order.totalCents, currency: order.currency };
    await log.notify({ type: 'info', key: 'orderCancelledByCustomer', params });
    await log.activity({ action: 'order.cancelled', subjectType: 'invoice', subjectId: order.invoiceId, params });
    return readOrderDetail(trx, row);
  });
}
