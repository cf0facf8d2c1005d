import { randomUUID } from 'node:crypto';
import { CURRENCY, type Invoice, type InvoiceStatus, invoiceNumber, type LedgerEntryType } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, InvoiceRow } from '../../db/schema';
import { orderNumberOfInvoice } from '../ordering/billing.port';
import { invoiceCounterKey, takeNumbers } from './counters';
import { insertInvoice, insertLedgerEntry, invoiceNumberOf, ledgerTotal } from './ledger.repository';

/**
 * The money core (docs/decisions/022-money-transactions.md): the balance is the sum of the append-only ledger;
 * entries and invoices are written only inside the caller's transaction, which has locked the account first
 * (lockAccount), so the balance read here cannot change before the transaction commits.
 */

type Params = Record<string, string | number | boolean | null>;

/** The account's balance in cents: the sum of its ledger. */
export async function balanceOf(db: Kysely<Database>, userId: string): Promise<number> {
  return ledgerTotal(db, userId);
}

export interface LedgerEntryInput {
  userId: string;
  type: LedgerEntryType;
  /** Positive for a credit, negative for a charge; never zero. */
  amountCents: number;
  key: string;
  params?: Params;
  paymentId?: string | null;
  invoiceId?: string | null;
  serviceId?: string | null;
  domainId?: string | null;
  actorId: string | null;
  now: number;
}

export async function appendLedgerEntry(trx: Kysely<Database>, entry: LedgerEntryInput): Promise<string> {
  if (!Number.isInteger(entry.amountCents) || entry.amountCents === 0) {
    throw new Error('A ledger entry moves a whole, non-zero number of cents');
  }
  const id = randomUUID();
  await insertLedgerEntry(trx, {
    id,
    userId: entry.userId,
    type: entry.type,
    amountCents: entry.amountCents,
    currency: CURRENCY,
    descriptionKey: entry.key,
    descriptionParams: JSON.stringify(entry.params ?? {}),
    paymentId: entry.paymentId ?? null,
    invoiceId: entry.invoiceId ?? null,
    serviceId: entry.serviceId ?? null,
    domainId: entry.domainId ?? null,
    actorId: entry.actorId,
    createdAt: entry.now,
  });
  return id;
}

/**
 * The words of a settled payment's credit (docs/decisions/052-money-journeys.md): money added to the
 * balance is a top-up; a payment of an invoice (a card at checkout, a bank transfer toward an order, a saved card
 * covering a renewal) is listed as the payment of its order, or of its invoice when it is no order's, so the
 * ledger reads "Payment for order ORD-…" beside the charges it paid rather than "Balance top-up".
 */
export async function paymentCreditText(
  trx: Kysely<Database>,
  payment: { purpose: 'topup' | 'invoice'; invoiceId: string | null; method: string },
): Promise<{ key: string; params: Params }> {
  if (payment.purpose === 'invoice' && payment.invoiceId) {
    const order = await orderNumberOfInvoice(trx, payment.invoiceId);
    if (order !== undefined) return { key: 'transactions.orderPayment', params: { order, method: payment.method } };
    const invoice = await invoiceNumberOf(trx, payment.invoiceId);
    if (invoice !== undefined) {
      return { key: 'transactions.invoicePayment', params: { invoice, method: payment.method } };
    }
  }
  return { key: 'transactions.topUp', params: { method: payment.method } };
}

export interface InvoiceLineInput {
  key: string;
  params?: Params;
  quantity?: number;
  unitPriceCents: number;
  serviceId?: string | null;
  domainId?: string | null;
}

const DAY = 24 * 60 * 60 * 1000;
/**
 * An unpaid invoice is due this long after it is issued, unless it says otherwise: a renewal invoice is due at
 * the expiry it renews (docs/decisions/043-refunds-and-due-dates.md).
 */
export const INVOICE_DUE_DAYS = 14;

/**
 * Writes an invoice with its lines and its per-year number (INV-<year>-<sequence>): the counter row taken in
 * this transaction serialises the numbering.
 */
export async function createInvoice(
  trx: Kysely<Database>,
  input: { userId: string; status: InvoiceStatus; lines: InvoiceLineInput[]; now: number; dueAt?: number },
): Promise<InvoiceRow> {
  if (input.lines.length === 0) throw new Error('An invoice has at least one line');
  const year = new Date(input.now).getUTCFullYear();
  const sequence = await takeNumbers(trx, invoiceCounterKey(year));
  const lines = input.lines.map((line, index) => {
    const quantity = line.quantity ?? 1;
    return { ...line, quantity, position: index + 1, amountCents: line.unitPriceCents * quantity };
  });
  const row: InvoiceRow = {
    id: randomUUID(),
    userId: input.userId,
    number: invoiceNumber(year, sequence),
    year,
    sequence,
    status: input.status,
    currency: CURRENCY,
    totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
    issuedAt: input.now,
    dueAt: input.dueAt ?? input.now + INVOICE_DUE_DAYS * DAY,
    paidAt: input.status === 'paid' ? input.now : null,
    createdAt: input.now,
    updatedAt: input.now,
  };
  await insertInvoice(
    trx,
    row,
    lines.map((line) => ({
      id: randomUUID(),
      invoiceId: row.id,
      position: line.position,
      descriptionKey: line.key,
      descriptionParams: JSON.stringify(line.params ?? {}),
      serviceId: line.serviceId ?? null,
      domainId: line.domainId ?? null,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      amountCents: line.amountCents,
    })),
  );
  return row;
}

export const money = (amountMinor: number, currency: string = CURRENCY) => ({ amountMinor, currency });
const iso = (ms: number) => new Date(ms).toISOString();

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    issuedAt: iso(row.issuedAt),
    dueAt: iso(row.dueAt),
    paidAt: row.paidAt === null ? null : iso(row.paidAt),
    total: money(row.totalCents, row.currency),
  };
}
