import type { OrderRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { lockAccount } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { moveOrder } from './order-closing';
import type { OrderDeps } from './order-deps';
import { mailOrder } from './order-mail';
import { provision } from './order-provisioning';
import { orderById } from './orders.repository';

/**
 * Staff accept a paid order awaiting review (docs/decisions/032-ordering-and-checkout.md): it is provisioned and
 * active in one transaction with its audit entry; the customer is mailed once it has committed.
 */
export async function acceptOrder(
  deps: OrderDeps,
  orderId: string,
  actorId: string,
  clientIp: string | null,
): Promise<OrderRow> {
  const { db, clock, registrar } = deps;
  const now = clock.now();
  const row = await db.transaction().execute(async (trx) => {
    const order = await orderById(trx, orderId);
    if (!order) throw new AppError('NOT_FOUND');
    await lockAccount(trx, order.userId);
    if (order.status !== 'awaiting_review') throw new AppError('INVALID_STATE');
    const log = journal(trx, order.userId, actorId, now, clientIp);
    await provision(trx, registrar, order, now, log);
    const updated = await moveOrder(trx, order, 'active', now, log, { decidedAt: now, decidedBy: actorId });
    await log.audit({
      action: 'order.accept',
      entityType: 'order',
      entityId: order.id,
      before: { status: order.status },
      after: { status: 'active' },
    });
    await log.notify({ type: 'success', key: 'orderActive', params: { number: order.number } });
    await log.activity({
      action: 'order.active',
      subjectType: 'invoice',
      subjectId: order.invoiceId,
      params: { number: order.number },
    });
    return updated;
  });
  await mailOrder(deps, row.id, 'active');
  return row;
}
