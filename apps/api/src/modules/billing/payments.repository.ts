import type { Kysely, Updateable } from 'kysely';
import type { Database, PaymentRow, PaymentsTable } from '../../db/schema';

/** The queries of payments as money moves (docs/decisions/022-money-transactions.md), in the caller's transaction. */

export async function insertPayment(trx: Kysely<Database>, payment: PaymentRow): Promise<void> {
  await trx.insertInto('payments').values(payment).execute();
}

/** Whose bank transfer a payment is, or undefined when it is no bank transfer (or no payment at all). */
export function bankTransferOwner(trx: Kysely<Database>, paymentId: string) {
  return trx
    .selectFrom('payments')
    .select(['userId'])
    .where('id', '=', paymentId)
    .where('method', '=', 'bank_transfer')
    .executeTakeFirst();
}

/**
 * Settles a payment that is still pending (the conditional update decides between two staff members at the same
 * moment); answers it as settled, or undefined when it was no longer pending.
 */
export function settlePendingPayment(
  trx: Kysely<Database>,
  paymentId: string,
  change: Pick<Updateable<PaymentsTable>, 'status' | 'updatedAt' | 'completedAt' | 'declineReason'>,
) {
  return trx
    .updateTable('payments')
    .set(change)
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}
