import { randomUUID } from 'node:crypto';
import { type ApiErrorBody, CURRENCY, type TopUpResponse, validationMessage } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, PaymentRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { type Answer, runIdempotent } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { readBankAccount } from './billing-settings';
import { appendLedgerEntry, balanceOf, createInvoice, money, toInvoice } from './ledger';
import { type PaymentProvider, toPayment } from './payments.service';
import { insertPayment } from './payments.repository';

/** The parsed body of a top-up: the amount already in cents. */
export type TopUpInput =
  { method: 'bank_transfer'; amount: number } | { method: 'test_card'; amount: number; cardNumber: string };

export interface TopUpDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** The providers customers may choose from, when available. */
  providers: PaymentProvider[];
}

/**
 * The customer adds funds (docs/decisions/022-money-transactions.md), once per idempotency key, in one
 * transaction: the payment, the ledger credit of a completed one, the pro-forma invoice of a bank transfer and the
 * journal's rows. A declined card answers 402 and stores the failed payment.
 */
export async function topUp(
  { db, clock, providers }: TopUpDeps,
  input: { userId: string; topUp: TopUpInput; idempotency: { key: string; fingerprint: string } },
): Promise<Answer<TopUpResponse | ApiErrorBody>> {
  const { userId, topUp: request, idempotency } = input;
  const provider = providers.find((p) => p.method === request.method);
  if (!provider || !provider.available()) {
    const code = 'validation.paymentMethodUnavailable';
    throw new AppError('VALIDATION_FAILED', { fields: { method: { code, message: validationMessage(code) } } });
  }
  const now = clock.now();
  return runIdempotent<TopUpResponse | ApiErrorBody>(db, { userId, ...idempotency, now }, async (trx) => {
    const outcome = await provider.charge({
      amountCents: request.amount,
      ...(request.method === 'test_card' ? { cardNumber: request.cardNumber } : {}),
    });
    const log = journal(trx, userId, userId, now);
    const invoice =
      outcome.status === 'pending'
        ? await createInvoice(trx, {
            userId,
            status: 'unpaid',
            now,
            lines: [{ key: 'invoiceLines.topUp', params: {}, unitPriceCents: request.amount }],
          })
        : null;
    const payment: PaymentRow = {
      id: randomUUID(),
      userId,
      invoiceId: invoice?.id ?? null,
      method: provider.paymentMethod,
      status: outcome.status,
      amountCents: request.amount,
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
    await insertPayment(trx, payment);
    if (outcome.status !== 'pending') {
      await log.statusChange({ entityType: 'payment', entityId: payment.id, from: 'pending', to: outcome.status });
    }
    const params = { amountMinor: request.amount, currency: CURRENCY };
    if (outcome.status === 'completed') {
      await appendLedgerEntry(trx, {
        userId,
        type: 'topup',
        amountCents: request.amount,
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
}
