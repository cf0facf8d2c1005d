import type { OrderRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { lockAccount } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { closeOrder } from './order-closing';
import type { OrderDeps } from './order-deps';
import { mailOrder } from './order-mail';
import { orderById, orderByIdOrThrow } from './orders.repository';

/**
 * Cancels an order (refunding what was paid to the balance as a ledger credit) or flags it as fraud (no
 * refund: staff credit by hand what they decide to give back). An unpaid invoice is voided, a pending bank
 * transfer declined.
 */
export async function decideOrder(
  deps: Pick<OrderDeps, 'db' | 'clock' | 'mailer' | 'log'>,
  orderId: string,
  decision: 'cancel' | 'fraud',
  reason: string,
  actorId: string,
  clientIp: string | null,
): Promise<OrderRow> {
  const { db, clock } = deps;
  const now = clock.now();
  const row = await db.transaction().execute(async (trx) => {
    const owner = await orderById(trx, orderId);
    if (!owner) throw new AppError('NOT_FOUND');
    await lockAccount(trx, owner.userId);
    // Read again under the lock: a refund or another decision may have committed while it was taken.
    const order = await orderByIdOrThrow(trx, orderId);
    const to = decision === 'cancel' ? 'cancelled' : 'fraud';
    const log = journal(trx, order.userId, actorId, now, clientIp);
    const { row: updated, refund } = await closeOrder(trx, order, to, {
      cause: to === 'cancelled' ? 'staff' : null,
      reason,
      actorId,
      now,
      log,
    });
    await log.audit({
      action: decision === 'cancel' ? 'order.cancel' : 'order.fraud',
      entityType: 'order',
      entityId: order.id,
      before: { status: order.status },
      after: { status: to, reason, refundMinor: refund },
    });
    await log.notify({
      type: 'warning',
      key: 'orderCancelled',
      params: { number: order.number, amountMinor: refund ?? 0, currency: order.currency },
    });
    return updated;
  });
  if (decision === 'cancel') await mailOrder(deps, row.id, 'cancelled');
  return row;
}
