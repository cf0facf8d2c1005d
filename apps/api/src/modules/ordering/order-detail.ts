import { type OrderDetail, type OrderLine, type OrderSummary, unpaidOrderExpiry } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, OrderLineRow, OrderRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { readBankAccount, money, toInvoice, invoiceWithPayments, toPayment } from '../billing';
import { customerOrderById, orderLines } from './orders.repository';

/**
 * An order as its owner and staff read it (docs/decisions/032-ordering-and-checkout.md): its summary, its lines,
 * and its invoice and payments, which the billing module reads.
 */

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toLine(row: OrderLineRow): OrderLine {
  return {
    id: row.id,
    kind: row.kind,
    planId: row.planId,
    name: row.name,
    domain: row.domain,
    months: row.months,
    location: row.location,
    game: row.game,
    unit: row.unit,
    unitPrice: money(row.unitPriceCents),
    periodPrice: money(row.amountCents + row.discountCents),
    lineTotal: money(row.amountCents),
    discount: row.discountCents > 0 ? money(row.discountCents) : null,
    freeDomainWith: row.freeDomainWith,
    serviceId: row.serviceId,
    domainId: row.domainId,
  };
}

export function toOrderSummary(row: OrderRow, lineCount: number, transferPending: boolean): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    total: money(row.totalCents, row.currency),
    lineCount,
    createdAt: iso(row.createdAt)!,
    paidAt: iso(row.paidAt),
    invoiceId: row.invoiceId,
    transferPending,
    expiresAt: row.status === 'pending_payment' && !transferPending ? iso(unpaidOrderExpiry(row.createdAt)) : null,
    cancelledBy: row.status === 'cancelled' ? (row.cancelCause ?? 'staff') : null,
  };
}

/** The whole order as its owner (and staff) read it. */
export async function readOrderDetail(db: Kysely<Database>, order: OrderRow): Promise<OrderDetail> {
  const lines = await orderLines(db, order.id);
  const { invoice, payments } = await invoiceWithPayments(db, order.invoiceId);
  const pendingTransfer = payments.some((p) => p.method === 'bank_transfer' && p.status === 'pending');
  const bank = pendingTransfer && order.status === 'pending_payment' ? await readBankAccount(db) : null;
  return {
    ...toOrderSummary(
      order,
      lines.length,
      payments.some((p) => p.status === 'pending'),
    ),
    lines: lines.map(toLine),
    invoice: toInvoice(invoice),
    payments: payments.map(toPayment),
    bankTransfer: bank ? { ...bank, reference: invoice.number } : null,
    decisionReason: order.decisionReason,
    decidedAt: iso(order.decidedAt),
    refund: order.refundCents === null ? null : money(order.refundCents, order.currency),
  };
}

/** The customer's own order, read in the caller's transaction; NOT_FOUND when it is not theirs. */
export async function ownOrder(trx: Kysely<Database>, userId: string, orderId: string): Promise<OrderRow> {
  const order = await customerOrderById(trx, userId, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  return order;
}
