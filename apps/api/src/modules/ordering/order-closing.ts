import { invoiceStates, type OrderCancelCause, orderStates, type OrderStatus, paymentStates } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Journal } from '../../lib/journal';
import {
  appendLedgerEntry,
  completedPaymentsOfInvoice,
  failPendingPayments,
  invoicePaymentPending,
  invoiceStatus,
  refundPaymentInFull,
  setInvoiceStatus,
} from '../billing';
import { updateOrderInStatus } from './orders.repository';

/**
 * An order's status moves and its closing (docs/decisions/032-ordering-and-checkout.md,
 * docs/decisions/052-money-journeys.md): one writer for staff's cancel and fraud, the customer's
 * cancel of an unpaid order and the scheduler's expiry of one, so that each voids the invoice, fails a pending
 * transfer and refunds what was paid the same way.
 */

type MoveExtra = Partial<
  Pick<OrderRow, 'paidAt' | 'decidedAt' | 'decidedBy' | 'decisionReason' | 'refundCents' | 'cancelCause'>
>;

/** Moves an order from one status to another, only if it is still in `from` (a concurrent decision loses). */
export async function moveOrder(
  trx: Kysely<Database>,
  order: OrderRow,
  to: OrderStatus,
  now: number,
  log: Journal,
  extra: MoveExtra = {},
  reason: string | null = null,
): Promise<OrderRow> {
  orderStates.assertTransition(order.status, to);
  const updated = await updateOrderInStatus(trx, order.id, order.status, { status: to, updatedAt: now, ...extra });
  if (!updated) throw new AppError('INVALID_STATE');
  await log.statusChange({ entityType: 'order', entityId: order.id, from: order.status, to, reason });
  return updated;
}

/**
 * A cancelled order's money back to the balance (docs/decisions/043-refunds-and-due-dates.md): of each completed
 * payment of its invoice, only what staff have not refunded already, with one conditional update per payment
 * (as a staff refund's) and a ledger credit naming it. Answers the total, or null when nothing was left.
 */
async function refundRest(
  trx: Kysely<Database>,
  order: OrderRow,
  actorId: string | null,
  now: number,
  log: Journal,
  reason: string | null,
): Promise<number | null> {
  const payments = await completedPaymentsOfInvoice(trx, order.invoiceId);
  let total = 0;
  for (const payment of payments) {
    const rest = payment.amountCents - payment.refundedCents;
    if (rest <= 0) continue;
    paymentStates.assertTransition('completed', 'refunded');
    if (!(await refundPaymentInFull(trx, payment, now))) throw new AppError('INVALID_STATE');
    await log.statusChange({
      entityType: 'payment',
      entityId: payment.id,
      from: 'completed',
      to: 'refunded',
      reason,
    });
    await appendLedgerEntry(trx, {
      userId: order.userId,
      type: 'refund',
      amountCents: rest,
      key: 'transactions.refund',
      params: { order: order.number },
      paymentId: payment.id,
      invoiceId: order.invoiceId,
      actorId,
      now,
    });
    total += rest;
  }
  return total > 0 ? total : null;
}

/** Whether a bank transfer toward the order's invoice waits for staff (it can then be neither paid nor withdrawn). */
export const transferPending = (trx: Kysely<Database>, invoiceId: string): Promise<boolean> =>
  invoicePaymentPending(trx, invoiceId);

/**
 * Cancels an order or flags it as fraud, under the account's lock taken by the caller. Cancelling refunds what was
 * paid to the balance (nothing, for an unpaid order); the invoice becomes void when unpaid, refunded when a paid one
 * is cancelled; a pending bank transfer is declined. Writes the status history of each; the caller writes the
 * audit entry, notification and activity that fit who closed it.
 */
export async function closeOrder(
  trx: Kysely<Database>,
  order: OrderRow,
  to: 'cancelled' | 'fraud',
  options: {
    cause: OrderCancelCause | null;
    reason: string | null;
    actorId: string | null;
    now: number;
    log: Journal;
  },
): Promise<{ row: OrderRow; refund: number | null }> {
  const { reason, actorId, now, log } = options;
  if (!orderStates.canTransition(order.status, to)) throw new AppError('INVALID_STATE');
  const refund = to === 'cancelled' ? await refundRest(trx, order, actorId, now, log, reason) : null;
  const invoice = { status: await invoiceStatus(trx, order.invoiceId) };
  const invoiceTo = invoice.status === 'unpaid' ? 'void' : to === 'cancelled' ? 'refunded' : null;
  if (invoiceTo) {
    invoiceStates.assertTransition(invoice.status, invoiceTo);
    await setInvoiceStatus(trx, order.invoiceId, invoiceTo, now);
    await log.statusChange({ entityType: 'invoice', entityId: order.invoiceId, from: invoice.status, to: invoiceTo });
  }
  const pendingPayments = await failPendingPayments(
    trx,
    order.invoiceId,
    to === 'cancelled' ? 'order_cancelled' : 'order_fraud',
    now,
  );
  for (const p of pendingPayments) {
    await log.statusChange({ entityType: 'payment', entityId: p.id, from: 'pending', to: 'failed', reason });
  }
  const row = await moveOrder(
    trx,
    order,
    to,
    now,
    log,
    {
      decidedAt: now,
      decidedBy: actorId,
      decisionReason: reason,
      refundCents: refund,
      cancelCause: to === 'cancelled' ? options.cause : null,
    },
    reason,
  );
  return { row, refund };
}
