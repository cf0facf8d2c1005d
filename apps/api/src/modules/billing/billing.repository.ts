import {
  CURRENCY,
  dayRange,
  type Invoice,
  type invoiceListQuerySchema,
  type LedgerEntryType,
  type Money,
  type PaymentMethod,
  type PaymentStatus,
  type adminTransactionsQuerySchema,
  type Transaction,
  type transactionListQuerySchema,
} from '@hostpilot/shared';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database, InvoiceRow } from '../../db/schema';
import { contains as searchText } from '../../lib/search';
import { direction, OWNER_COLUMNS } from '../../lib/staff-list';
import type { StatementEntry } from '../../lib/documents/statement-csv';
import { contains, iso, isoOrNull, money, offsetOf, parseParams } from '../../lib/listing';

export type TransactionQuery = z.output<typeof transactionListQuerySchema>;
export type InvoiceQuery = z.output<typeof invoiceListQuerySchema>;

const INVOICE_SORT = { issuedAt: 'issuedAt', dueAt: 'dueAt', total: 'totalCents', number: 'number' } as const;
/** The key of an invoice payment's words: its order's, else its invoice's (`o` and `i` joined on its invoice). */
const PAYMENT_WORDING = sql<string>`case when o.number is not null then 'transactions.orderPayment'
  when i.number is not null then 'transactions.invoicePayment' else 'transactions.topUp' end`;

const TRANSACTION_SORT = { date: 'date', amount: 'amountCents' } as const;

/** An invoice as the customer's lists and documents show it. */
export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    issuedAt: iso(row.issuedAt),
    dueAt: iso(row.dueAt),
    paidAt: isoOrNull(row.paidAt),
    total: money(row.totalCents, row.currency),
  };
}

/** A customer's money: the ledger's sum, transactions, invoices. Every query filters by the owner. */
export function createBillingRepository(db: Kysely<Database>) {
  /**
   * Every line of the account's money history: its ledger entries (completed, with the payment's method when
   * a payment made them) and its payments that never reached the ledger (pending or failed).
   */
  function transactions(userId: string) {
    // A payment of an invoice is worded as the payment of its order or invoice, settled or not, and whether its
    // ledger credit was written before that wording (as "Balance top-up": the ledger is append-only) or after
    // (docs/decisions/052-money-journeys.md).
    const ledger = db
      .selectFrom('ledgerEntries as l')
      .leftJoin('payments as p', 'p.id', 'l.paymentId')
      .leftJoin('orders as o', 'o.invoiceId', 'p.invoiceId')
      .leftJoin('invoices as i', 'i.id', 'p.invoiceId')
      .where('l.userId', '=', userId)
      .select([
        'l.id as id',
        'l.createdAt as date',
        'l.type as type',
        sql<string>`case when l.description_key = 'transactions.topUp' and p.purpose = 'invoice'
          then ${PAYMENT_WORDING} else l.description_key end`.as('descriptionKey'),
        'l.descriptionParams as descriptionParams',
        'l.amountCents as amountCents',
        'l.currency as currency',
        sql<string>`'completed'`.as('status'),
        'p.method as method',
        'l.invoiceId as invoiceId',
        sql<string | null>`coalesce(o.number, i.number)`.as('paidNumber'),
      ]);
    const unsettled = db
      .selectFrom('payments')
      .leftJoin('orders as o', 'o.invoiceId', 'payments.invoiceId')
      .leftJoin('invoices as i', 'i.id', 'payments.invoiceId')
      .where('payments.userId', '=', userId)
      .where('payments.status', 'in', ['pending', 'failed'])
      .select([
        'payments.id as id',
        'payments.createdAt as date',
        sql<string>`'topup'`.as('type'),
        sql<string>`case when payments.purpose = 'invoice' then ${PAYMENT_WORDING} else 'transactions.topUp' end`.as(
          'descriptionKey',
        ),
        sql<string>`'{}'`.as('descriptionParams'),
        'payments.amountCents as amountCents',
        'payments.currency as currency',
        'payments.status as status',
        'payments.method as method',
        'payments.invoiceId as invoiceId',
        sql<string | null>`coalesce(o.number, i.number)`.as('paidNumber'),
      ]);
    return db.selectFrom(ledger.unionAll(unsettled).as('t'));
  }

  /** The sum of the account's ledger, or of its entries before `before`: its balance at that moment. */
  async function ledgerSum(userId: string, before?: number): Promise<number> {
    let query = db
      .selectFrom('ledgerEntries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountCents'), sql<number>`0`).as('sum'))
      .where('userId', '=', userId)
      .where('currency', '=', CURRENCY);
    if (before !== undefined) query = query.where('createdAt', '<', before);
    return Number((await query.executeTakeFirstOrThrow()).sum);
  }

  return {
    async balance(userId: string): Promise<Money> {
      return money(await ledgerSum(userId), CURRENCY);
    },

    async listTransactions(userId: string, query: TransactionQuery): Promise<{ items: Transaction[]; total: number }> {
      let base = transactions(userId);
      if (query.status) base = base.where('t.status', '=', query.status);
      if (query.type) base = base.where('t.type', '=', query.type);
      const { start, end } = dayRange(query.from, query.to);
      if (start !== undefined) base = base.where('t.date', '>=', start);
      if (end !== undefined) base = base.where('t.date', '<', end);
      const [rows, count] = await Promise.all([
        base
          .selectAll('t')
          .orderBy(`t.${TRANSACTION_SORT[query.sort]}`, query.order)
          // At one moment a payment is listed with the charges it paid, never between them: below them newest
          // first, before them oldest first (docs/decisions/052-money-journeys.md).
          .orderBy(query.sort === 'date' ? 't.amountCents' : 't.date', query.order === 'desc' ? 'asc' : 'desc')
          .orderBy('t.id', query.order)
          .limit(query.pageSize)
          .offset(offsetOf(query))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((row) => {
          const params = parseParams(row.descriptionParams);
          if (row.method && !('method' in params)) params.method = row.method;
          if (row.paidNumber && row.descriptionKey === 'transactions.orderPayment') params.order = row.paidNumber;
          if (row.paidNumber && row.descriptionKey === 'transactions.invoicePayment') params.invoice = row.paidNumber;
          return {
            id: row.id,
            date: iso(Number(row.date)),
            type: row.type as LedgerEntryType,
            description: { key: row.descriptionKey, params },
            amount: money(Number(row.amountCents), row.currency),
            status: row.status as PaymentStatus,
            method: (row.method as PaymentMethod | null) ?? null,
            invoiceId: row.invoiceId,
          };
        }),
        total: Number(count.n),
      };
    },

    async listInvoices(userId: string, query: InvoiceQuery): Promise<{ items: Invoice[]; total: number }> {
      let base = db.selectFrom('invoices').where('userId', '=', userId);
      if (query.status) base = base.where('status', '=', query.status);
      if (query.q) {
        const q = query.q;
        base = base.where((eb) => contains(eb.ref('number'), q));
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy(INVOICE_SORT[query.sort], query.order)
          .orderBy('id', query.order)
          .limit(query.pageSize)
          .offset(offsetOf(query))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toInvoice), total: Number(count.n) };
    },

    /**
     * The ledger between two instants (start included, end excluded), oldest first, with the balance before
     * the first: what a statement of the period lists. Pending and failed payments never reached the ledger.
     */
    async statement(
      userId: string,
      start: number,
      end: number,
    ): Promise<{ openingCents: number; entries: StatementEntry[] }> {
      const [opening, rows] = await Promise.all([
        ledgerSum(userId, start),
        db
          .selectFrom('ledgerEntries as l')
          .leftJoin('invoices as i', 'i.id', 'l.invoiceId')
          .select([
            'l.createdAt as date',
            'l.type as type',
            'l.descriptionKey as descriptionKey',
            'l.descriptionParams as descriptionParams',
            'l.amountCents as amountCents',
            'l.currency as currency',
            'i.number as invoiceNumber',
          ])
          .where('l.userId', '=', userId)
          .where('l.currency', '=', CURRENCY)
          .where('l.createdAt', '>=', start)
          .where('l.createdAt', '<', end)
          .orderBy('l.createdAt')
          // A payment before the charges it paid at the same moment: the running balance never dips between them.
          .orderBy('l.amountCents', 'desc')
          .orderBy('l.id')
          .execute(),
      ]);
      return {
        openingCents: opening,
        entries: rows.map((row) => ({
          date: iso(Number(row.date)),
          type: row.type as LedgerEntryType,
          description: { key: row.descriptionKey, params: parseParams(row.descriptionParams) },
          amountCents: Number(row.amountCents),
          currency: row.currency,
          invoiceNumber: row.invoiceNumber ?? null,
        })),
      };
    },
  };
}

/** One ledger entry of a statement, with the number of the invoice it belongs to. */
export type BillingRepository = ReturnType<typeof createBillingRepository>;

/** One payment by id (the back office's payment view), or undefined. */
export function findPayment(db: Kysely<Database>, paymentId: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
}

/** One invoice by id, or undefined. */
export function invoiceById(db: Kysely<Database>, invoiceId: string) {
  return db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirst();
}

/** The ledger entries a payment made, oldest first. */
export function ledgerOfPayment(db: Kysely<Database>, paymentId: string) {
  return db
    .selectFrom('ledgerEntries')
    .selectAll()
    .where('paymentId', '=', paymentId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** Whose a payment is, or undefined when there is no such payment. */
export function paymentOwner(db: Kysely<Database>, paymentId: string) {
  return db.selectFrom('payments').select(['id', 'userId']).where('id', '=', paymentId).executeTakeFirst();
}

/** A payment as it is now (read in the caller's transaction, after the account's lock). */
export function paymentById(trx: Kysely<Database>, paymentId: string) {
  return trx.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
}

/**
 * Adds `amountCents` to a completed payment's refunded total, only while the total stays within the payment (the
 * conditional update decides between two refunds at the same moment); undefined when it would not.
 */
export function addRefunded(trx: Kysely<Database>, paymentId: string, amountCents: number, now: number) {
  return trx
    .updateTable('payments')
    .set((eb) => ({ refundedCents: eb('refundedCents', '+', amountCents), updatedAt: now }))
    .where('id', '=', paymentId)
    .where('status', '=', 'completed')
    .where((eb) => eb(eb('refundedCents', '+', amountCents), '<=', eb.ref('amountCents')))
    .returningAll()
    .executeTakeFirst();
}

/** Marks a fully refunded payment `refunded`. */
export async function markPaymentRefunded(trx: Kysely<Database>, paymentId: string): Promise<void> {
  await trx.updateTable('payments').set({ status: 'refunded' }).where('id', '=', paymentId).execute();
}

const PAYMENT_SORT = {
  createdAt: 'payments.createdAt',
  amount: 'payments.amountCents',
  status: 'payments.status',
} as const;

type StaffPaymentsQuery = z.output<typeof adminTransactionsQuerySchema>;

/** The payments a search and its filters match, with their payer (the back office's payments list). */
export function paymentsMatching(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: Pick<StaffPaymentsQuery, 'q' | 'status' | 'method'>,
) {
  let filtered = db.selectFrom('payments').innerJoin('users', 'users.id', 'payments.userId');
  if (query.status !== undefined) filtered = filtered.where('payments.status', '=', query.status);
  if (query.method !== undefined) filtered = filtered.where('payments.method', '=', query.method);
  if (query.q !== undefined) filtered = filtered.where(searchText(kind, 'users', 'users', query.q));
  return filtered;
}

/** How many payments match. */
export function countPayments(rows: ReturnType<typeof paymentsMatching>) {
  return rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
}

/** One page of the payments a search matches, in the list's order, with their invoice's number. */
export function staffPaymentsPage(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: Pick<StaffPaymentsQuery, 'q' | 'status' | 'method' | 'sort' | 'order'>,
  limit: number,
  offset: number,
) {
  return paymentsMatching(db, kind, query)
    .leftJoin('invoices', 'invoices.id', 'payments.invoiceId')
    .select([
      'payments.id',
      'payments.amountCents',
      'payments.currency',
      'payments.method',
      'payments.status',
      'payments.declineReason',
      'payments.refundedCents',
      'payments.purpose',
      'payments.createdAt',
      'payments.completedAt',
      'invoices.id as invoiceId',
      'invoices.number as invoiceNumber',
      ...OWNER_COLUMNS,
    ])
    .orderBy(PAYMENT_SORT[query.sort], direction(query.order))
    .orderBy('payments.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The sum of the payments completed since `since`, in the shop's currency. */
export function revenueSince(db: Kysely<Database>, since: number) {
  return db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountCents'), sql<number>`0`).as('sum'))
    .where('status', '=', 'completed')
    .where('completedAt', '>=', since)
    .where('currency', '=', CURRENCY)
    .executeTakeFirst();
}

/** The count and sum of the payments of a status, in the shop's currency. */
export function paymentStatusTotals(db: Kysely<Database>, status: 'pending' | 'failed') {
  return db
    .selectFrom('payments')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('amountCents'), sql<number>`0`).as('sum'),
    ])
    .where('status', '=', status)
    .where('currency', '=', CURRENCY)
    .executeTakeFirst();
}

/** How many invoice lines and ledger entries name a domain. */
export async function billingRowsNamingDomain(trx: Kysely<Database>, domainId: string): Promise<number> {
  const count = (table: 'invoiceLines' | 'ledgerEntries') =>
    trx
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('domainId', '=', domainId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  return (await count('invoiceLines')) + (await count('ledgerEntries'));
}

/** The customer's invoice, or undefined when the account has no such invoice. */
export function ownInvoice(db: Kysely<Database>, userId: string, invoiceId: string) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', invoiceId)
    .executeTakeFirst();
}

/** An invoice's lines in their order. */
export function invoiceLinesInOrder(db: Kysely<Database>, invoiceId: string) {
  return db.selectFrom('invoiceLines').selectAll().where('invoiceId', '=', invoiceId).orderBy('position').execute();
}

/** The customer's bank transfer still pending toward an invoice, or undefined. */
export function pendingTransferOf(db: Kysely<Database>, userId: string, invoiceId: string) {
  return db
    .selectFrom('payments')
    .select('id')
    .where('invoiceId', '=', invoiceId)
    .where('userId', '=', userId)
    .where('method', '=', 'bank_transfer')
    .where('status', '=', 'pending')
    .executeTakeFirst();
}
