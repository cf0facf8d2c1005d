import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The numbers of the invoices among `ids`. */
export function invoiceLabelRows(db: Kysely<Database>, ids: readonly string[]) {
  return db.selectFrom('invoices').select(['id', 'number']).where('id', 'in', ids).execute();
}

/** The payments among `ids` with the number of the invoice each paid (null when it paid none). */
export function paymentLabelRows(db: Kysely<Database>, ids: readonly string[]) {
  return db
    .selectFrom('payments')
    .leftJoin('invoices', 'invoices.id', 'payments.invoiceId')
    .select(['payments.id', 'invoices.number'])
    .where('payments.id', 'in', ids)
    .execute();
}
