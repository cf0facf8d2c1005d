import {
  type AdminRefundResult,
  type adminRefundSchema,
  CURRENCY,
  paymentStates,
  refundDestinationOf,
  validationMessage,
  type ValidationMessageKey,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type Answer, runIdempotent } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { orderStatusOfInvoice } from '../ordering/billing.port';
import { addRefunded, markPaymentRefunded, paymentById, paymentOwner } from './billing.repository';
import { appendLedgerEntry, balanceOf, money } from './ledger';
import { refundProviderOf } from './payments.service';

export interface RefundPaymentInput extends z.output<typeof adminRefundSchema> {
  paymentId: string;
  actorId: string;
  clientIp: string;
  /** The request's Idempotency-Key and fingerprint (docs/decisions/022-money-transactions.md). */
  idempotency: { key: string; fingerprint: string };
  now: number;
}

const refused = (field: 'amount' | 'destination', code: ValidationMessageKey) =>
  new AppError('INVALID_STATE', {
    message: validationMessage(code),
    fields: { [field]: { code, message: validationMessage(code) } },
  });

/**
 * Refunds a completed payment in full or in part (docs/decisions/043-refunds-and-due-dates.md): an invoice's
 * payment to the balance (a ledger credit), a top-up back to its source (a ledger debit, at most what is left on
 * the balance). Once per Idempotency-Key, in one transaction under the account's lock: the conditional update of
 * the refunded total, the ledger entry, the audit entry, a status-history row when the payment is fully refunded,
 * and the customer's notification. Answers 201 with the refunded total and the balance after.
 */
export async function refundPayment(
  db: Kysely<Database>,
  input: RefundPaymentInput,
): Promise<Answer<AdminRefundResult>> {
  const { amount, reason, destination, now } = input;
  const payment = await paymentOwner(db, input.paymentId);
  if (!payment) throw new AppError('NOT_FOUND');
  return runIdempotent(db, { userId: payment.userId, ...input.idempotency, now }, async (trx) => {
    // Read under the account's lock (runIdempotent), so a cancellation of its order cannot slip in between.
    const before = await paymentById(trx, payment.id);
    const orderStatus = before.invoiceId ? await orderStatusOfInvoice(trx, before.invoiceId) : undefined;
    if (orderStatus === 'cancelled') throw refused('amount', 'validation.refundOrderCancelled');
    if (before.status !== 'completed' || before.currency !== CURRENCY) {
      throw refused('amount', 'validation.refundTooMuch');
    }
    if (destination !== refundDestinationOf(before)) {
      throw refused('destination', 'validation.refundDestination');
    }
    if (amount > before.amountCents - before.refundedCents) throw refused('amount', 'validation.refundTooMuch');
    const balanceBefore = await balanceOf(trx, payment.userId);
    const toSource = destination !== 'balance';
    // A top-up goes back out of the balance: never more than the part of it not yet spent.
    if (toSource && amount > balanceBefore) throw refused('amount', 'validation.refundBalanceSpent');
    // The conditional update decides: it passes only while the refunded total stays within the payment.
    const updated = await addRefunded(trx, payment.id, amount, now);
    if (!updated) throw refused('amount', 'validation.refundTooMuch');
    const log = journal(trx, payment.userId, input.actorId, now, input.clientIp);
    if (updated.refundedCents === updated.amountCents) {
      paymentStates.assertTransition('completed', 'refunded');
      await markPaymentRefunded(trx, payment.id);
      await log.statusChange({
        entityType: 'payment',
        entityId: payment.id,
        from: 'completed',
        to: 'refunded',
        reason,
      });
    }
    const sent = toSource
      ? await refundProviderOf(before.method)!.refund({
          amountCents: amount,
          reference: before.providerReference,
        })
      : null;
    const entryId = await appendLedgerEntry(trx, {
      userId: payment.userId,
      type: 'refund',
      amountCents: toSource ? -amount : amount,
      key: toSource ? 'transactions.refundToSource' : 'transactions.refund',
      params: toSource ? { method: destination } : {},
      paymentId: payment.id,
      invoiceId: updated.invoiceId,
      actorId: input.actorId,
      now,
    });
    await log.audit({
      action: 'payment.refund',
      entityType: 'payment',
      entityId: payment.id,
      before: { status: before.status, refundedMinor: before.refundedCents },
      after: {
        status: updated.refundedCents === updated.amountCents ? 'refunded' : 'completed',
        refundedMinor: updated.refundedCents,
        amountMinor: amount,
        destination,
        providerReference: sent?.reference ?? null,
        reason,
        entryId,
      },
    });
    const params = { amountMinor: amount, currency: CURRENCY };
    await log.notify({ type: 'success', key: toSource ? 'paymentRefundedToSource' : 'paymentRefunded', params });
    await log.activity({
      action: toSource ? 'payment.refundToSource' : 'payment.refund',
      subjectType: 'payment',
      subjectId: payment.id,
      params,
    });
    return {
      statusCode: 201,
      body: {
        paymentId: payment.id,
        refunded: money(updated.refundedCents),
        balance: money(balanceBefore + (toSource ? -amount : amount)),
      },
    };
  });
}
