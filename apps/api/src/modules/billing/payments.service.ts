import { randomUUID } from 'node:crypto';
import {
  type ApiErrorBody,
  CURRENCY,
  type Payment,
  type PaymentMethod,
  TEST_CARD_DECLINED_NUMBER,
  type TopUpMethod,
  type TopUpResponse,
  invoiceStates,
  paymentStates,
  validationMessage,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, PaymentRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { type Answer, lockAccount, runIdempotent } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { readBankAccount } from './billing-settings';
import { appendLedgerEntry, balanceOf, createInvoice, money, paymentCreditText, toInvoice } from './ledger';

/**
 * Adding funds (docs/decisions/022-money-transactions.md). A provider decides what becomes of a payment; no
 * payment network can be reached from here, so two providers ship: a bank transfer, which stays pending until
 * staff approve or decline it (settleBankTransfer), and, only in demo mode, a test card that succeeds except
 * for the number 4000 0000 0000 0002.
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

/** The parsed body of a top-up: the amount already in cents. */
export type TopUpInput =
  { method: 'bank_transfer'; amount: number } | { method: 'test_card'; amount: number; cardNumber: string };

export interface PaymentsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  providers: PaymentProvider[];
}

export function createPaymentsService({ db, clock, providers }: PaymentsServiceDeps) {
  const byMethod = new Map(providers.map((p) => [p.method, p]));

  return {
    /** Adds funds once per idempotency key; a declined card answers 402 and stores the failed payment. */
    async topUp(
      userId: string,
      input: TopUpInput,
      idempotency: { key: string; fingerprint: string },
    ): Promise<Answer<TopUpResponse | ApiErrorBody>> {
      const provider = byMethod.get(input.method);
      if (!provider || !provider.available()) {
        const code = 'validation.paymentMethodUnavailable';
        throw new AppError('VALIDATION_FAILED', { fields: { method: { code, message: validationMessage(code) } } });
      }
      const now = clock.now();
      return runIdempotent<TopUpResponse | ApiErrorBody>(db, { userId, ...idempotency, now }, async (trx) => {
        const outcome = await provider.charge({
          amountCents: input.amount,
          ...(input.method === 'test_card' ? { cardNumber: input.cardNumber } : {}),
        });
        const log = journal(trx, userId, userId, now);
        const invoice =
          outcome.status === 'pending'
            ? await createInvoice(trx, {
                userId,
                status: 'unpaid',
                now,
                lines: [{ key: 'invoiceLines.topUp', params: {}, unitPriceCents: input.amount }],
              })
            : null;
        const payment: PaymentRow = {
          id: randomUUID(),
          userId,
          invoiceId: invoice?.id ?? null,
          method: provider.paymentMethod,
          status: outcome.status,
          amountCents: input.amount,
          currency: CURRENCY,
          declineReason: outcome.status === 'failed' ? outcome.reason : null,
          idempotencyKey: idempotency.key,
          providerReference: outcome.reference,
          refundedCents: 0,
          purpose: 'topup',
          createdAt: now,
          updatedAt: now,
          completedAt: outcome.status === 'completed' ? now : null,
        };
        await trx.insertInto('payments').values(payment).execute();
        if (outcome.status !== 'pending') {
          await log.statusChange({ entityType: 'payment', entityId: payment.id, from: 'pending', to: outcome.status });
        }
        const params = { amountMinor: input.amount, currency: CURRENCY };
        if (outcome.status === 'completed') {
          await appendLedgerEntry(trx, {
            userId,
            type: 'topup',
            amountCents: input.amount,
            key: 'transactions.topUp',
            params: { method: provider.paymentMethod },
            paymentId: payment.id,
            actorId: userId,
            now,
          });
          await log.notify({ type: 'success', key: 'paymentReceived', params });
          await log.activity({ action: 'payment.topUp', subjectType: 'payment', subjectId: payment.id, params });
        } else if (outcome.status === 'failed') {
          await log.notify({ type: 'error', key: 'paymentDeclined', params });
          await log.activity({ action: 'payment.declined', subjectType: 'payment', subjectId: payment.id, params });
          return { statusCode: 402, body: new AppError('PAYMENT_DECLINED').toBody() };
        } else {
          await log.activity({ action: 'payment.pending', subjectType: 'payment', subjectId: payment.id, params });
        }
        const bank = invoice ? await readBankAccount(trx) : null;
        return {
          statusCode: 201,
          body: {
            payment: toPayment(payment),
            balance: money(await balanceOf(trx, userId)),
            invoice: invoice ? toInvoice(invoice) : null,
            bankTransfer: bank && invoice ? { ...bank, reference: invoice.number } : null,
          },
        };
      });
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

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

/**
 * Staff approve or decline a pending bank transfer, exactly once (the back office calls this). Approval
 * credits the ledger and marks the pro-forma invoice paid; a decline fails the payment with the reason and
 * voids the invoice. A payment no longer pending (settled before, or by someone else at the same moment)
 * answers INVALID_STATE and changes nothing; another method's payment or an unknown id answers NOT_FOUND.
 */
export async function settleBankTransfer(
  db: Kysely<Database>,
  input: {
    paymentId: string;
    decision: 'approve' | 'decline';
    actorId: string;
    reason?: string;
    /** The staff member's address, for the audit entry. */
    clientIp?: string | null;
    now: number;
  },
  hooks?: TransferHooks,
): Promise<Payment> {
  let afterCommit: (() => Promise<void>) | null = null;
  const payment = await db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('payments')
      .select(['userId'])
      .where('id', '=', input.paymentId)
      .where('method', '=', 'bank_transfer')
      .executeTakeFirst();
    if (!found) throw new AppError('NOT_FOUND');
    await lockAccount(trx, found.userId);
    const to = input.decision === 'approve' ? 'completed' : 'failed';
    paymentStates.assertTransition('pending', to);
    const updated = await trx
      .updateTable('payments')
      .set({
        status: to,
        updatedAt: input.now,
        completedAt: to === 'completed' ? input.now : null,
        declineReason: to === 'failed' ? (input.reason ?? 'declined') : null,
      })
      .where('id', '=', input.paymentId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new AppError('INVALID_STATE');
    const log = journal(trx, updated.userId, input.actorId, input.now, input.clientIp ?? null);
    await log.statusChange({
      entityType: 'payment',
      entityId: updated.id,
      from: 'pending',
      to,
      reason: input.reason ?? null,
    });
    await log.audit({
      action: input.decision === 'approve' ? 'payment.approve' : 'payment.decline',
      entityType: 'payment',
      entityId: updated.id,
      before: { status: 'pending' },
      after: { status: to, reason: input.reason ?? null },
    });
    const orderInvoice = updated.invoiceId !== null && (await hooks?.isOrderInvoice(trx, updated.invoiceId));
    if (updated.invoiceId && !(orderInvoice && to === 'failed')) {
      const invoiceTo = to === 'completed' ? 'paid' : 'void';
      invoiceStates.assertTransition('unpaid', invoiceTo);
      const invoice = await trx
        .updateTable('invoices')
        .set({ status: invoiceTo, paidAt: invoiceTo === 'paid' ? input.now : null, updatedAt: input.now })
        .where('id', '=', updated.invoiceId)
        .where('status', '=', 'unpaid')
        .executeTakeFirst();
      if (Number(invoice.numUpdatedRows) === 1) {
        await log.statusChange({ entityType: 'invoice', entityId: updated.invoiceId, from: 'unpaid', to: invoiceTo });
      }
    }
    const params = { amountMinor: updated.amountCents, currency: updated.currency };
    if (to === 'completed') {
      await appendLedgerEntry(trx, {
        userId: updated.userId,
        type: 'topup',
        amountCents: updated.amountCents,
        ...(await paymentCreditText(trx, updated)),
        paymentId: updated.id,
        invoiceId: updated.invoiceId,
        actorId: input.actorId,
        now: input.now,
      });
      await log.notify({ type: 'success', key: 'paymentReceived', params });
      await log.activity({ action: 'payment.topUp', subjectType: 'payment', subjectId: updated.id, params });
      if (orderInvoice && hooks) {
        afterCommit = await hooks.afterApproval(trx, {
          invoiceId: updated.invoiceId!,
          actorId: input.actorId,
          now: input.now,
          clientIp: input.clientIp ?? null,
        });
      }
    } else {
      await log.notify({ type: 'error', key: 'paymentDeclined', params });
      await log.activity({ action: 'payment.declined', subjectType: 'payment', subjectId: updated.id, params });
    }
    return toPayment(updated);
  });
  if (afterCommit) await (afterCommit as () => Promise<void>)();
  return payment;
}
