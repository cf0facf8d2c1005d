import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  invoicesWithPendingPayment,
  markShortNotified,
  renewalInvoicePeriodsOf,
  unpaidRenewalInvoiceRows,
} from './renewal-jobs.repository';

/**
 * What the lifecycle jobs (docs/decisions/030-lifecycle-automation.md) read and mark of billing, for the scheduler
 * module (docs/decisions/056-module-shape.md). A mark takes the job's transaction (`trx`).
 */

/** How many ids one `in` list carries: far below the bound parameters either database takes. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += CHUNK) out.push(items.slice(at, at + CHUNK));
  return out;
}

/**
 * Of the given services or domains, the ids whose current period (starting at `expiresAt`) already has a renewal
 * invoice, void or not: the renewal-invoices job issues none for them.
 */
export async function periodsAlreadyInvoiced(
  db: Kysely<Database>,
  entityType: 'service' | 'domain',
  entities: readonly { id: string; expiresAt: number }[],
): Promise<Set<string>> {
  const current = new Map(entities.map((entity) => [entity.id, entity.expiresAt]));
  const invoiced = new Set<string>();
  for (const part of chunks([...current.keys()])) {
    for (const row of await renewalInvoicePeriodsOf(db, entityType, part)) {
      if (Number(current.get(row.entityId)) === Number(row.periodStart)) invoiced.add(row.entityId);
    }
  }
  return invoiced;
}

/** The unpaid renewal invoices, oldest first, with what they renew and whose they are: auto-renew's candidates. */
export function unpaidRenewalInvoices(db: Kysely<Database>) {
  return unpaidRenewalInvoiceRows(db);
}

/**
 * Marks that the customer was told the renewal invoice could not be paid, once per invoice; answers whether this
 * call marked it (false: they were told before).
 */
export function markRenewalShortNotified(trx: Kysely<Database>, invoiceId: string, now: number): Promise<boolean> {
  return markShortNotified(trx, invoiceId, now);
}

/** Of the given invoices, those a bank transfer waits on (a pending payment): their orders wait for staff. */
export async function invoicesAwaitingTransfer(
  db: Kysely<Database>,
  invoiceIds: readonly string[],
): Promise<Set<string>> {
  const waiting = new Set<string>();
  for (const part of chunks([...new Set(invoiceIds)])) {
    for (const row of await invoicesWithPendingPayment(db, part)) if (row.invoiceId) waiting.add(row.invoiceId);
  }
  return waiting;
}
