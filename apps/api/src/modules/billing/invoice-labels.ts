import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { invoiceLabelRows, paymentLabelRows } from './invoice-labels.repository';

/**
 * How another module names invoices and payments by id, in one query each (the audit log names the record an
 * entry is about, docs/decisions/048-operator-journeys.md).
 */

/** The numbers of the invoices among `ids`. */
export function invoiceLabels(db: Kysely<Database>, ids: readonly string[]): Promise<{ id: string; number: string }[]> {
  return invoiceLabelRows(db, ids);
}

/** The payments among `ids` with the number of the invoice each paid (null when it paid none). */
export function paymentLabels(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<{ id: string; number: string | null }[]> {
  return paymentLabelRows(db, ids);
}
