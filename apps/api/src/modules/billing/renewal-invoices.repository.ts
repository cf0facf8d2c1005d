import type { Insertable, Kysely } from 'kysely';
import type { Database, RenewalInvoicesTable } from '../../db/schema';

/**
 * The queries of renewal invoices (docs/decisions/030-lifecycle-automation.md): which invoice asks for which
 * period of a service or domain, and the repricing of its lines. Each runs in the caller's transaction.
 */

type EntityType = RenewalInvoicesTable['entityType'];

/** The renewal invoice of the entity's period starting at `periodStart`, or undefined when none was issued. */
export function renewalInvoiceOfPeriod(
  trx: Kysely<Database>,
  entityType: EntityType,
  entityId: string,
  periodStart: number,
) {
  return trx
    .selectFrom('renewalInvoices')
    .select('invoiceId')
    .where('entityType', '=', entityType)
    .where('entityId', '=', entityId)
    .where('periodStart', '=', periodStart)
    .executeTakeFirst();
}

export async function insertRenewalInvoice(
  trx: Kysely<Database>,
  row: Insertable<RenewalInvoicesTable>,
): Promise<void> {
  await trx.insertInto('renewalInvoices').values(row).execute();
}

/** The entity's renewal invoices still unpaid, with the period each asks for. */
export function unpaidRenewalInvoices(trx: Kysely<Database>, entityType: EntityType, entityId: string) {
  return trx
    .selectFrom('renewalInvoices')
    .innerJoin('invoices', 'invoices.id', 'renewalInvoices.invoiceId')
    .selectAll('invoices')
    .select(['renewalInvoices.periodStart', 'renewalInvoices.months'])
    .where('renewalInvoices.entityType', '=', entityType)
    .where('renewalInvoices.entityId', '=', entityId)
    .where('invoices.status', '=', 'unpaid')
    .execute();
}

export function invoiceLinesOf(trx: Kysely<Database>, invoiceId: string) {
  return trx.selectFrom('invoiceLines').selectAll().where('invoiceId', '=', invoiceId).execute();
}

export async function setInvoiceLinePrice(
  trx: Kysely<Database>,
  lineId: string,
  price: { unitPriceCents: number; amountCents: number },
): Promise<void> {
  await trx.updateTable('invoiceLines').set(price).where('id', '=', lineId).execute();
}

/** Sets the total of an invoice that is still unpaid (a paid invoice is money and never changes). */
export async function setUnpaidInvoiceTotal(
  trx: Kysely<Database>,
  invoiceId: string,
  totalCents: number,
  now: number,
): Promise<void> {
  await trx
    .updateTable('invoices')
    .set({ totalCents, updatedAt: now })
    .where('id', '=', invoiceId)
    .where('status', '=', 'unpaid')
    .execute();
}

/** Claims the one saved-card attempt of a renewal invoice: true for the first claim only. */
export async function claimCardAttempt(trx: Kysely<Database>, invoiceId: string, now: number): Promise<boolean> {
  const claimed = await trx
    .updateTable('renewalInvoices')
    .set({ cardAttemptedAt: now })
    .where('invoiceId', '=', invoiceId)
    .where('cardAttemptedAt', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}
