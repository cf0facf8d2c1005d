import type { LedgerEntryType } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/schema';

/**
 * The money invariants of the ledger model (docs/decisions/043-refunds-and-due-dates.md, 022, 033): a billing
 * product never creates money. Read after every money scenario of the suite (an afterEach in the money test
 * files), over every account of the test database, on SQLite and PostgreSQL alike.
 *
 * The ledger model: a balance is the sum of its account's entries. Money comes in only through a payment from
 * outside (card, bank transfer: one `topup` entry of the payment's amount); it leaves only through a refund to
 * that source (a negative `refund` entry of a top-up payment). A charge (renewal, purchase, registration, plan
 * change) consumes it; a `refund` credit gives consumed money back to the balance; an `adjustment` is staff's
 * own credit or deduction. So, for every account:
 *   money in − money out + adjustments = balance + consumed, where consumed = −charges − refund credits ≥ 0,
 * and no payment (nor the invoice it paid) is refunded beyond its amount, refunds and cancellations together.
 */

const CHARGE_TYPES: ReadonlySet<string> = new Set<LedgerEntryType>([
  'hosting_renewal',
  'service_renewal',
  'domain_registration',
  'domain_renewal',
  'service_purchase',
  'plan_change',
]);
const FROM_OUTSIDE = new Set(['credit_card', 'paypal', 'bank_transfer']);
const SETTLED = new Set(['completed', 'refunded']);

/** Every violation of the money invariants in the database, as sentences (empty when the books balance). */
export async function moneyViolations(db: Kysely<Database>): Promise<string[]> {
  const [entries, payments, users, sums] = await Promise.all([
    db.selectFrom('ledgerEntries').selectAll().execute(),
    db.selectFrom('payments').selectAll().execute(),
    db.selectFrom('users').select('id').execute(),
    // The balance as the product reads it (balanceOf): the database's own sum per account.
    db
      .selectFrom('ledgerEntries')
      .select((eb) => ['userId', eb.fn.sum<number>('amountCents').as('total')])
      .groupBy('userId')
      .execute(),
  ]);
  const balances = new Map(sums.map((row) => [row.userId, Number(row.total)]));
  const problems: string[] = [];
  const paymentById = new Map(payments.map((p) => [p.id, p]));

  interface Books {
    moneyIn: number;
    moneyOut: number;
    adjustments: number;
    charges: number;
    refundCredits: number;
    sum: number;
  }
  const books = new Map<string, Books>();
  const booksOf = (userId: string) => {
    let found = books.get(userId);
    if (!found) {
      found = { moneyIn: 0, moneyOut: 0, adjustments: 0, charges: 0, refundCredits: 0, sum: 0 };
      books.set(userId, found);
    }
    return found;
  };
  const topUpsOfPayment = new Map<string, number[]>();
  const refundedOfPayment = new Map<string, number>();
  const refundedOfInvoice = new Map<string, number>();
  const chargedOfInvoice = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, cents: number) => map.set(key, (map.get(key) ?? 0) + cents);

  for (const entry of entries) {
    const b = booksOf(entry.userId);
    b.sum += entry.amountCents;
    const payment = entry.paymentId ? paymentById.get(entry.paymentId) : undefined;
    if (payment && payment.userId !== entry.userId) {
      problems.push(`ledger entry ${entry.id} names payment ${payment.id} of another account`);
    }
    if (entry.type === 'topup') {
      b.moneyIn += entry.amountCents;
      if (!payment) problems.push(`top-up entry ${entry.id} has no payment: money from nowhere`);
      else topUpsOfPayment.set(payment.id, [...(topUpsOfPayment.get(payment.id) ?? []), entry.amountCents]);
    } else if (entry.type === 'refund') {
      if (entry.amountCents < 0) {
        b.moneyOut += -entry.amountCents;
        if (!payment || payment.purpose !== 'topup') {
          problems.push(`refund ${entry.id} out of the balance is not a top-up's refund to its source`);
        }
      } else {
        b.refundCredits += entry.amountCents;
        if (payment?.purpose === 'topup') {
          problems.push(`refund ${entry.id} credits a top-up back to the balance it already reached`);
        }
      }
      if (payment) add(refundedOfPayment, payment.id, Math.abs(entry.amountCents));
      const invoiceId = entry.invoiceId ?? payment?.invoiceId ?? null;
      if (invoiceId && entry.amountCents > 0) add(refundedOfInvoice, invoiceId, entry.amountCents);
      if (!payment && !invoiceId) problems.push(`refund ${entry.id} names neither a payment nor an invoice`);
    } else if (entry.type === 'adjustment') {
      b.adjustments += entry.amountCents;
    } else if (CHARGE_TYPES.has(entry.type)) {
      b.charges += entry.amountCents;
      if (entry.amountCents > 0) problems.push(`charge ${entry.id} credits the balance`);
      if (entry.invoiceId) add(chargedOfInvoice, entry.invoiceId, -entry.amountCents);
    } else {
      problems.push(`ledger entry ${entry.id} has a type the invariants do not know: ${entry.type}`);
    }
  }

  for (const payment of payments) {
    const settled = SETTLED.has(payment.status);
    const topUps = topUpsOfPayment.get(payment.id) ?? [];
    if (settled && FROM_OUTSIDE.has(payment.method)) {
      if (topUps.length !== 1 || topUps[0] !== payment.amountCents) {
        problems.push(`payment ${payment.id} of ${payment.amountCents} was credited ${JSON.stringify(topUps)}`);
      }
    } else if (topUps.length > 0) {
      problems.push(`payment ${payment.id} (${payment.method}, ${payment.status}) credited the balance`);
    }
    const refunded = refundedOfPayment.get(payment.id) ?? 0;
    if (refunded !== payment.refundedCents) {
      problems.push(`payment ${payment.id} records ${payment.refundedCents} refunded, the ledger ${refunded}`);
    }
    if (refunded > payment.amountCents) {
      problems.push(`payment ${payment.id} of ${payment.amountCents} was refunded ${refunded}`);
    }
    if (refunded > 0 && !settled) problems.push(`payment ${payment.id} (${payment.status}) was refunded`);
    if ((payment.status === 'refunded') !== (settled && refunded === payment.amountCents)) {
      problems.push(`payment ${payment.id} is ${payment.status} with ${refunded} of ${payment.amountCents} refunded`);
    }
  }

  const paidOfInvoice = new Map<string, number>();
  for (const payment of payments) {
    if (payment.invoiceId && SETTLED.has(payment.status)) add(paidOfInvoice, payment.invoiceId, payment.amountCents);
  }
  for (const [invoiceId, refunded] of refundedOfInvoice) {
    const paid = paidOfInvoice.get(invoiceId) ?? 0;
    const charged = chargedOfInvoice.get(invoiceId) ?? 0;
    if (refunded > paid || refunded > charged) {
      problems.push(`invoice ${invoiceId} paid ${paid}, charged ${charged}, refunded ${refunded} to the balance`);
    }
  }

  for (const user of users) {
    const b = booksOf(user.id);
    const balance = balances.get(user.id) ?? 0;
    if (balance !== b.sum) problems.push(`account ${user.id}: balance ${balance} is not its ledger's sum ${b.sum}`);
    if (balance < 0) problems.push(`account ${user.id}: balance ${balance} below zero`);
    const consumed = -b.charges - b.refundCredits;
    if (consumed < 0) problems.push(`account ${user.id}: refunded ${-consumed} more than it ever spent`);
    if (b.moneyIn - b.moneyOut + b.adjustments !== balance + consumed) {
      problems.push(
        `account ${user.id}: in ${b.moneyIn} − out ${b.moneyOut} + adjustments ${b.adjustments} ≠ ` +
          `balance ${balance} + consumed ${consumed}`,
      );
    }
  }
  return problems;
}

/** Fails the test when the books do not balance (see moneyViolations). */
export async function expectMoneyInvariants(db: Kysely<Database>): Promise<void> {
  expect(await moneyViolations(db)).toEqual([]);
}
