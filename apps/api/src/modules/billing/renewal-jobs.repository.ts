import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The billing tables as the lifecycle jobs read them (docs/decisions/030-lifecycle-automation.md,
 * docs/decisions/056-module-shape.md): which periods already have a renewal invoice, the open renewal invoices,
 * the one-time "funds short" mark, and the invoices a bank transfer waits on.
 */

/** The periods (entity and period start) of the given services or domains that have a renewal invoice. */
export const renewalInvoicePeriodsOf = (
  db: Kysely<Database>,
  entityType: 'service' | 'domain',
  entityIds: readonly string[],
) =>
  db
    .selectFrom('renewalInvoices')
    .select(['entityId', 'periodStart'])
    .where('entityType', '=', entityType)
    .where('entityId', 'in', entityIds)
    .execute();

/** Unpaid renewal invoices with their entity and owner, the oldest first. */
export const unpaidRenewalInvoiceRows = (db: Kysely<Database>) =>
  db
    .selectFrom('renewalInvoices')
    .innerJoin('invoices', 'invoices.id', 'renewalInvoices.invoiceId')
    .select(['renewalInvoices.invoiceId', 'renewalInvoices.entityType', 'renewalInvoices.entityId', 'invoices.userId'])
    .where('invoices.status', '=', 'unpaid')
    .orderBy('invoices.issuedAt')
    .execute();

/** Marks the renewal invoice's customer told of a shortfall, once; answers whether this call marked it. */
export async function markShortNotified(trx: Kysely<Database>, invoiceId: string, now: number): Promise<boolean> {
  const told = await trx
    .updateTable('renewalInvoices')
    .set({ shortNotifiedAt: now })
    .where('invoiceId', '=', invoiceId)
    .where('shortNotifiedAt', 'is', null)
    .executeTakeFirst();
  return Number(told.numUpdatedRows) === 1;
}

/** Of the given invoices, those with a payment pending (a bank transfer waiting for staff). */
export const invoicesWithPendingPayment = (db: Kysely<Database>, invoiceIds: readonly string[]) =>
  db
    .selectFrom('payments')
    .select('invoiceId')
    .distinct()
    .where('invoiceId', 'in', invoiceIds)
    .where('status', '=', 'pending')
    .execute();
