import { randomUUID } from 'node:crypto';
import {
  cardExpired,
  type CardBrand,
  CURRENCY,
  type SavedCard,
  TEST_CARD_DECLINED_NUMBER,
  validationMessage,
  type ValidationMessageKey,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, PaymentMethodRow, PaymentRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Journal } from '../../lib/journal';
import { appendLedgerEntry, paymentCreditText } from './ledger';
import { savedCardOf } from './payment-methods.repository';
import type { ProviderOutcome } from './payments.service';
import { insertPayment } from './payments.repository';
import { claimCardAttempt } from './renewal-invoices.repository';

/**
 * A customer's saved card for renewals (docs/decisions/038-saved-card-for-renewals.md). The card provider keeps
 * the card and hands back an opaque token; the API keeps only the token and what may be shown (brand, last four
 * digits, expiry, holder). The full number goes to the provider and nowhere else: not to the database, not to a
 * log, not to an audit entry. Only the test card provider exists, so saving a card needs demo mode.
 */

export interface CardVault {
  /** Whether cards can be saved and charged now. */
  available(): boolean;
  /** Asks the provider to keep the card; its answer is a token or the reason it refused. */
  save(card: { number: string }): Promise<{ status: 'saved'; token: string } | { status: 'failed'; reason: string }>;
  /** Charges a saved card by its token. */
  chargeSaved(request: { token: string; amountCents: number }): Promise<ProviderOutcome>;
}

const TEST_TOKEN_PREFIX = 'test_card_';

/**
 * The test card provider's vault, available only in demo mode: it refuses 4000 0000 0000 0002 as the test card
 * provider declines it, keeps any other valid number as a token, and charges a token it issued. A token it did
 * not issue (or any token outside demo mode) is declined.
 */
export function testCardVault(demoMode: () => boolean): CardVault {
  return {
    available: demoMode,
    async save({ number }) {
      if (number === TEST_CARD_DECLINED_NUMBER) return { status: 'failed', reason: 'card_declined' };
      return { status: 'saved', token: `${TEST_TOKEN_PREFIX}${randomUUID()}` };
    },
    async chargeSaved({ token }) {
      const reference = `test_${randomUUID()}`;
      if (!demoMode()) return { status: 'failed', reason: 'card_payments_unavailable', reference };
      if (!token.startsWith(TEST_TOKEN_PREFIX)) return { status: 'failed', reason: 'card_declined', reference };
      return { status: 'completed', reference };
    },
  };
}

export function toSavedCard(row: PaymentMethodRow): SavedCard {
  return {
    brand: (['visa', 'mastercard', 'amex'].includes(row.brand) ? row.brand : 'other') as CardBrand,
    last4: row.last4,
    expMonth: Number(row.expMonth),
    expYear: Number(row.expYear),
    holder: row.holder,
    updatedAt: new Date(Number(row.updatedAt)).toISOString(),
  };
}

/** What the audit log keeps of a card: everything but the last four digits masked. */
export function masked(row: Pick<PaymentMethodRow, 'brand' | 'last4' | 'expMonth' | 'expYear'>) {
  return { brand: row.brand, card: `•••• ${row.last4}`, expires: `${row.expMonth}/${row.expYear}` };
}

/** Refuses a card with 400 VALIDATION_FAILED naming the field. */
export function refuse(field: string, code: ValidationMessageKey): never {
  throw new AppError('VALIDATION_FAILED', { fields: { [field]: { code, message: validationMessage(code) } } });
}

export interface SavedCardDeps {
  db: Kysely<Database>;
}

/** The customer's saved card as shown (brand, last four digits, expiry, holder), or null. */
export async function getSavedCard({ db }: SavedCardDeps, userId: string): Promise<SavedCard | null> {
  const row = await savedCardOf(db, userId);
  return row ? toSavedCard(row) : null;
}

/** Whether a saved card has expired at `now`. */
export const savedCardExpired = (row: PaymentMethodRow, now: number) =>
  cardExpired(Number(row.expMonth), Number(row.expYear), now);

/**
 * Auto-renew's charge of a renewal invoice's shortfall to the account's saved card, inside the job's transaction
 * (after the account's lock). Tried once per invoice: `renewal_invoices.card_attempted_at` is claimed with a
 * conditional update, and the payment's idempotency key names the invoice. A completed charge leaves a card
 * payment and its ledger credit, so the renewal charge that follows in the same transaction is covered; an
 * expired or declined card leaves a failed payment and nothing else. `none`: no card, or already tried.
 */
export async function chargeShortfallToCard(
  trx: Kysely<Database>,
  input: {
    vault: CardVault;
    invoice: { id: string };
    userId: string;
    shortfallCents: number;
    now: number;
    log: Journal;
  },
): Promise<{ status: 'none' } | { status: 'charged' | 'failed'; amountCents: number; last4: string }> {
  const { vault, invoice, userId, shortfallCents, now, log } = input;
  const card = await savedCardOf(trx, userId);
  if (!card || shortfallCents <= 0) return { status: 'none' };
  if (!(await claimCardAttempt(trx, invoice.id, now))) return { status: 'none' };
  const outcome: ProviderOutcome = savedCardExpired(card, now)
    ? { status: 'failed', reason: 'card_expired', reference: `test_${randomUUID()}` }
    : await vault.chargeSaved({ token: card.token, amountCents: shortfallCents });
  const status = outcome.status === 'completed' ? 'completed' : 'failed';
  const payment: PaymentRow = {
    id: randomUUID(),
    userId,
    invoiceId: invoice.id,
    method: 'credit_card',
    status,
    amountCents: shortfallCents,
    currency: CURRENCY,
    declineReason: outcome.status === 'failed' ? outcome.reason : status === 'failed' ? 'card_declined' : null,
    idempotencyKey: `auto-renew:${invoice.id}`,
    providerReference: outcome.reference,
    refundedCents: 0,
    purpose: 'invoice',
    createdAt: now,
    updatedAt: now,
    completedAt: status === 'completed' ? now : null,
  };
  await insertPayment(trx, payment);
  await log.statusChange({ entityType: 'payment', entityId: payment.id, from: 'pending', to: status });
  const params = { amountMinor: shortfallCents, currency: CURRENCY };
  if (status === 'completed') {
    await appendLedgerEntry(trx, {
      userId,
      type: 'topup',
      amountCents: shortfallCents,
      ...(await paymentCreditText(trx, payment)),
      paymentId: payment.id,
      actorId: null,
      now,
    });
    await log.activity({ action: 'payment.topUp', subjectType: 'payment', subjectId: payment.id, params });
    return { status: 'charged', amountCents: shortfallCents, last4: card.last4 };
  }
  await log.activity({ action: 'payment.declined', subjectType: 'payment', subjectId: payment.id, params });
  return { status: 'failed', amountCents: shortfallCents, last4: card.last4 };
}
