import { UNPAID_ORDER_EXPIRY_DAYS } from '@hostpilot/shared';
import { invoicesAwaitingTransfer } from '../../billing';
import { closeOrder, findOrderForExpiry, ordersUnpaidSince, transferPending } from '../../ordering';
import { change, DAY, type JobContext } from './job-run';

/**
 * Cancels orders unpaid for UNPAID_ORDER_EXPIRY_DAYS with no bank transfer pending
 * (docs/decisions/052-money-journeys.md): the invoice is voided, the customer told. An order with a
 * transfer pending waits for staff, since the money may be on its way.
 */
export async function orderExpiry(ctx: JobContext): Promise<number> {
  const threshold = ctx.now - UNPAID_ORDER_EXPIRY_DAYS * DAY;
  const unpaid = await ordersUnpaidSince(ctx.db, threshold);
  const waiting = await invoicesAwaitingTransfer(
    ctx.db,
    unpaid.map((order) => order.invoiceId),
  );
  const due = unpaid.filter((order) => !waiting.has(order.invoiceId));
  let changed = 0;
  for (const { id, userId } of due) {
    changed += await change(ctx, 'order-expiry', userId, async (trx, records) => {
      // Read again under the lock: the customer may have paid, cancelled or sent a transfer meanwhile.
      const order = await findOrderForExpiry(trx, id);
      if (!order || order.status !== 'pending_payment' || order.createdAt > threshold) return false;
      if (await transferPending(trx, order.invoiceId)) return false;
      await closeOrder(trx, order, 'cancelled', {
        cause: 'expired',
        reason: null,
        actorId: null,
        now: ctx.now,
        log: records,
      });
      const params = {
        number: order.number,
        amountMinor: order.totalCents,
        currency: order.currency,
      };
      await records.tell({ type: 'warning', key: 'orderExpired', params });
      await records.activity({ action: 'order.expired', subjectType: 'invoice', subjectId: order.invoiceId, params });
      await records.audit({
        action: 'order.expire',
        entityType: 'order',
        entityId: order.id,
        before: { status: 'pending_payment', invoice: 'unpaid' },
        after: { status: 'cancelled', invoice: 'void' },
      });
      return true;
    });
  }
  return changed;
}
