import type { Kysely } from 'kysely';
import type { Database, InvoiceRow, PaymentRow } from '../../db/schema';

/**
 * The queries of an order's invoice and payments (billing's tables) that the ordering module's use cases run
 * through `order-invoices.ts`, each in the transaction the caller hands in.
 */

export function invoiceRowById(db: Kysely<Database>, invoiceId: string): Promise<InvoiceRow> {
  return db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow();
}

/** The payments toward an invoice, newest first. */
export function paymentRowsOfInvoice(db: Kysely<Database>, invoiceId: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('invoiceId', '=', invoiceId)
    .orderBy('createdAt', 'desc')
    .execute();
}

/** The completed payments toward an invoice, oldest first. */
export function completedPaymentRowsOfInvoice(db: Kysely<Database>, invoiceId: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('invoiceId', '=', invoiceId)
    .where('status', '=', 'completed')
    .orderBy('createdAt')
    .execute();
}

export async function pendingPaymentIdOfInvoice(db: Kysely<Database>, invoiceId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('invoiceId', '=', invoiceId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.id;
}

export async function insertPaymentRow(trx: Kysely<Database>, payment: PaymentRow): Promise<void> {
  await trx.insertInto('payments').values(payment).execute();
}

/** Refunds the whole of a completed payment, only if nobody refunded part of it meanwhile; answers the rows changed. */
export async function refundPaymentRowInFull(
  trx: Kysely<Database>,
  payment: Pick<PaymentRow, 'id' | 'amountCents' | 'refundedCents'>,
  now: number,
): Promise<number> {
  const updated = await trx
    .updateTable('payments')
    .set({ refundedCents: payment.amountCents, status: 'refunded', updatedAt: now })
    .where('id', '=', payment.id)
    .where('status', '=', 'completed')
    .where('refundedCents', '=', payment.refundedCents)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/** Fails every pending payment toward an invoice with the reason; answers their ids. */
export function failPendingPaymentRows(
  trx: Kysely<Database>,
  invoiceId: string,
  declineReason: string,
  now: number,
): Promise<{ id: string }[]> {
  return trx
    .updateTable('payments')
    .set({ status: 'failed', declineReason, updatedAt: now })
    .where('invoiceId', '=', invoiceId)
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
}

export async function invoiceStatusById(trx: Kysely<Database>, invoiceId: string): Promise<InvoiceRow['status']> {
  const row = await trx.selectFrom('invoices').select('status').where('id', '=', invoiceId).executeTakeFirstOrThrow();
  return row.status;
}

export async function setInvoiceRowStatus(
  trx: Kysely<Database>,
  invoiceId: string,
  status: InvoiceRow['status'],
  now: number,
): Promise<void> {
  await trx.updateTable('invoices').set({ status, updatedAt: now }).where('id', '=', invoiceId).execute();
}

/** Marks an unpaid invoice paid (no change when it is no longer unpaid). */
export async function markUnpaidInvoiceRowPaid(trx: Kysely<Database>, invoiceId: string, now: number): Promise<void> {
  await trx
    .updateTable('invoices')
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where('id', '=', invoiceId)
    .where('status', '=', 'unpaid')
    .execute();
}
