import { randomUUID } from 'node:crypto';
import { type Payment, type PaymentMethod, TEST_CARD_DECLINED_NUMBER, type TopUpMethod } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, PaymentRow } from '../../db/schema';
import { money } from './ledger';

/**
 * The payment providers and a payment's answer (docs/decisions/022-money-transactions.md). A provider decides what
 * becomes of a payment; no payment network can be reached from here, so two providers ship: a bank transfer, which
 * stays pending until staff approve or decline it (settle-bank-transfer.ts), and, only in demo mode, a test card
 * that succeeds except for the number 4000 0000 0000 0002. Adding funds is top-up.ts.
 */

export type ProviderOutcome =
  | { status: 'completed'; reference: string }
  | { status: 'failed'; reason: string; reference: string }
  | { status: 'pending'; reference: string | null };

export interface PaymentProvider {
  readonly method: TopUpMethod;
  /** The payments table's method of this provider's payments. */
  readonly paymentMethod: PaymentMethod;
  /** Whether customers may choose it now. */
  available(): boolean;
  /** Asks the provider to take the amount. */
  charge(request: { amountCents: number; cardNumber?: string }): Promise<ProviderOutcome>;
  /**
   * Sends part of a completed payment back to where it came from (a top-up's refund, decision 043); answers the
   * provider's reference of the refund, or null when staff send it themselves (a bank transfer out).
   */
  refund(request: { amountCents: number; reference: string | null }): Promise<{ reference: string | null }>;
}

export const bankTransferProvider: PaymentProvider = {
  method: 'bank_transfer',
  paymentMethod: 'bank_transfer',
  available: () => true,
  charge: async () => ({ status: 'pending', reference: null }),
  // Staff pay the transfer out from the bank account in billing.bankAccount; the product records it.
  refund: async () => ({ reference: null }),
};

export function testCardProvider(demoMode: () => boolean): PaymentProvider {
  return {
    method: 'test_card',
    paymentMethod: 'credit_card',
    available: demoMode,
    async charge({ cardNumber }) {
      const reference = `test_${randomUUID()}`;
      if (cardNumber === TEST_CARD_DECLINED_NUMBER) return { status: 'failed', reason: 'card_declined', reference };
      return { status: 'completed', reference };
    },
    refund: async () => ({ reference: `test_refund_${randomUUID()}` }),
  };
}

/**
 * The provider that took a payment of this method, to send a refund back through (decision 043). Refunds go
 * back whatever customers may choose today: the test card is the card of the demo's payments.
 */
export function refundProviderOf(method: PaymentMethod): PaymentProvider | undefined {
  return [bankTransferProvider, testCardProvider(() => true)].find((p) => p.paymentMethod === method);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    amount: money(row.amountCents, row.currency),
    declineReason: row.declineReason,
    invoiceId: row.invoiceId,
    createdAt: iso(row.createdAt)!,
    completedAt: iso(row.completedAt),
  };
}

/**
 * What an order makes of a bank transfer toward its invoice (docs/decisions/032-ordering-and-checkout.md): on
 * approval the order is charged and moves on (answering what to do once committed: its mail); a declined transfer
 * leaves an order's invoice unpaid, so it can be paid another way.
 */
export interface TransferHooks {
  isOrderInvoice(trx: Kysely<Database>, invoiceId: string): Promise<boolean>;
  afterApproval(
    trx: Kysely<Database>,
    input: { invoiceId: string; actorId: string; now: number; clientIp: string | null },
  ): Promise<(() => Promise<void>) | null>;
}
