import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, InvoiceLinesTable, InvoiceRow, InvoicesTable, LedgerEntriesTable } from '../../db/schema';

/**
 * The money core's queries (docs/decisions/022-money-transactions.md): the ledger's sum, its append-only entries,
 * and the invoices with their lines. Each runs on the handle it is given: the caller's transaction when it writes.
 */

/** The sum of the account's ledger in cents (0 without entries). */
export async function ledgerTotal(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('ledgerEntries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountCents'), eb.lit(0)).as('total'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertLedgerEntry(trx: Kysely<Database>, entry: Insertable<LedgerEntriesTable>): Promise<void> {
  await trx.insertInto('ledgerEntries').values(entry).execute();
}

/** An invoice's number, or undefined when there is no such invoice. */
export async function invoiceNumberOf(db: Kysely<Database>, invoiceId: string): Promise<string | undefined> {
  const row = await db.selectFrom('invoices').select('number').where('id', '=', invoiceId).executeTakeFirst();
  return row?.number;
}

/** Writes an invoice and then its lines. */
export async function insertInvoice(
  trx: Kysely<Database>,
  invoice: InvoiceRow,
  lines: Insertable<InvoiceLinesTable>[],
): Promise<void> {
  await trx.insertInto('invoices').values(invoice).execute();
  await trx.insertInto('invoiceLines').values(lines).execute();
}

/**
 * Changes an invoice that is still unpaid (paid, void): the conditional update decides between two writers at the
 * same moment. Answers whether it changed it.
 */
export async function updateUnpaidInvoice(
  trx: Kysely<Database>,
  invoiceId: string,
  change: Pick<Updateable<InvoicesTable>, 'status' | 'paidAt' | 'updatedAt'>,
): Promise<boolean> {
  const done = await trx
    .updateTable('invoices')
    .set(change)
    .where('id', '=', invoiceId)
    .where('status', '=', 'unpaid')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
