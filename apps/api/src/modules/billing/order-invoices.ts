import type { Kysely } from 'kysely';
import type { Database, InvoiceRow, PaymentRow } from '../../db/schema';
import {
  completedPaymentRowsOfInvoice,
  failPendingPaymentRows,
  insertPaymentRow,
  invoiceRowById,
  invoiceStatusById,
  markUnpaidInvoiceRowPaid,
  paymentRowsOfInvoice,
  pendingPaymentIdOfInvoice,
  refundPaymentRowInFull,
  setInvoiceRowStatus,
} from './order-invoices.repository';

/**
 * What the ordering module reads and writes of an order's invoice and its payments
 * (docs/decisions/032-ordering-and-checkout.md, docs/decisions/052-money-journeys.md): billing owns those
 * tables, ordering decides when. Each function runs in the transaction handle the caller passes, so an order's
 * change still commits with its invoice, payments and ledger entries at once.
 */

/** The invoice and its payments (newest first), as an order's detail shows them. */
export async function invoiceWithPayments(
  db: Kysely<Database>,
  invoiceId: string,
): Promise<{ invoice: InvoiceRow; payments: PaymentRow[] }> {
  const invoice = await invoiceRowById(db, invoiceId);
  const payments = await paymentRowsOfInvoice(db, invoiceId);
  return { invoice, payments };
}

/** Whether a payment toward the invoice is pending (a bank transfer waiting for staff). */
export async function invoicePaymentPending(db: Kysely<Database>, invoiceId: string): Promise<boolean> {
  return (await pendingPaymentIdOfInvoice(db, invoiceId)) !== undefined;
}

/** Writes a payment row as it stands (pending, failed or completed). */
export const recordPayment = (trx: Kysely<Database>, payment: PaymentRow): Promise<void> =>
  insertPaymentRow(trx, payment);

/** The completed payments toward the invoice, oldest first. */
export const completedPaymentsOfInvoice = (trx: Kysely<Database>, invoiceId: string): Promise<PaymentRow[]> =>
  completedPaymentRowsOfInvoice(trx, invoiceId);

/**
 * Refunds the whole of a completed payment, with one conditional update (as a staff refund's): false when it was
 * no longer completed or someone refunded part of it meanwhile.
 */
export async function refundPaymentInFull(
  trx: Kysely<Database>,
  payment: Pick<PaymentRow, 'id' | 'amountCents' | 'refundedCents'>,
  now: number,
): Promise<boolean> {
  return (await refundPaymentRowInFull(trx, payment, now)) === 1;
}

/** Fails the pending payments toward the invoice with the reason; answers the ids of those it failed. */
export const failPendingPayments = (
  trx: Kysely<Database>,
  invoiceId: string,
  declineReason: string,
  now: number,
): Promise<{ id: string }[]> => failPendingPaymentRows(trx, invoiceId, declineReason, now);

/** The invoice's status (it must exist). */
export const invoiceStatus = (trx: Kysely<Database>, invoiceId: string): Promise<InvoiceRow['status']> =>
  invoiceStatusById(trx, invoiceId);

/** Sets the invoice's status; the caller has checked the move against the invoices' state machine. */
export const setInvoiceStatus = (
  trx: Kysely<Database>,
  invoiceId: string,
  status: InvoiceRow['status'],
  now: number,
): Promise<void> => setInvoiceRowStatus(trx, invoiceId, status, now);

/** Marks the invoice paid if it is still unpaid. */
export const markInvoicePaid = (trx: Kysely<Database>, invoiceId: string, now: number): Promise<void> =>
  markUnpaidInvoiceRowPaid(trx, invoiceId, now);
