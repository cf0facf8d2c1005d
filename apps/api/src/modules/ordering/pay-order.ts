import { randomUUID } from 'node:crypto';
import {
  type ApiErrorBody,
  invoiceStates,
  type PayOrderResponse,
  TEST_CARD_DECLINED_NUMBER,
  validationMessage,
} from '@hostpilot/shared';
import type { PaymentRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type Answer, runIdempotent } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import {
  appendLedgerEntry,
  balanceOf,
  money,
  paymentCreditText,
  invoicePaymentPending,
  markInvoicePaid,
  recordPayment,
  toPayment,
} from '../billing';
import { ownOrder, readOrderDetail } from './order-detail';
import type { Idempotency, OrderDeps } from './order-deps';
import { mailOrder } from './order-mail';
import { afterPayment, chargeLines, checkProvisioning } from './order-provisioning';

/**
 * Pays an order waiting for payment, once per `Idempotency-Key` (docs/decisions/032-ordering-and-checkout.md): from
 * the balance or with the demo test card it is charged and, in the same transaction, provisioned or left for
 * review; a bank transfer waits for staff. Refused before any money moves when it cannot be provisioned now.
 */
export async function payOrder(
  deps: OrderDeps,
  userId: string,
  orderId: string,
  input: { method: 'balance' } | { method: 'test_card'; cardNumber: string } | { method: 'bank_transfer' },
  idempotency: Idempotency,
): Promise<Answer<PayOrderResponse | ApiErrorBody>> {
  const { db, clock, registrar, demoMode } = deps;
  if (input.method === 'test_card' && !demoMode) {
    const code = 'validation.paymentMethodUnavailable';
    throw new AppError('VALIDATION_FAILED', { fields: { method: { code, message: validationMessage(code) } } });
  }
  const now = clock.now();
  let mail: { orderId: string; event: 'active' | 'awaiting' } | null = null;
  const answer = await runIdempotent<PayOrderResponse | ApiErrorBody>(
    db,
    { userId, ...idempotency, now },
    async (trx) => {
      const order = await ownOrder(trx, userId, orderId);
      if (order.status === 'cancelled' || order.status === 'fraud') {
        throw new AppError('INVALID_STATE', { message: `A ${order.status} order cannot be paid` });
      }
      if (order.status !== 'pending_payment') throw new AppError('ORDER_ALREADY_PAID');
      if (await invoicePaymentPending(trx, order.invoiceId)) throw new AppError('ORDER_ALREADY_PAID');
      const log = journal(trx, userId, userId, now);
      const params = { number: order.number, amountMinor: order.totalCents, currency: order.currency };

      const payment: PaymentRow = {
        id: randomUUID(),
        userId,
        invoiceId: order.invoiceId,
        method: input.method === 'test_card' ? 'credit_card' : input.method,
        status: 'pending',
        refundedCents: 0,
        purpose: 'invoice',
        amountCents: order.totalCents,
        currency: order.currency,
        declineReason: null,
        idempotencyKey: idempotency.key,
        providerReference: null,
        createdAt: now,
        updatedAt: now,
        completedAt: null,
      };

      if (input.method === 'bank_transfer') {
        await recordPayment(trx, payment);
        await log.activity({ action: 'payment.pending', subjectType: 'payment', subjectId: payment.id, params });
        return {
          statusCode: 201,
          body: {
            order: await readOrderDetail(trx, order),
            payment: toPayment(payment),
            balance: money(await balanceOf(trx, userId)),
          },
        };
      }

      // Refused before any money moves when there is no slot or a domain is gone: nothing is taken.
      const failure = await checkProvisioning(trx, registrar, order.id);
      if (failure) throw new AppError(failure);
      if (input.method === 'balance') {
        const balance = await balanceOf(trx, userId);
        if (balance < order.totalCents) {
          throw new AppError('INSUFFICIENT_FUNDS', { cause: { balance, priceCents: order.totalCents } });
        }
      } else {
        // The demo test card (as when adding funds): declined for its one declined number.
        payment.providerReference = `test_${randomUUID()}`;
        if (input.cardNumber === TEST_CARD_DECLINED_NUMBER) {
          await recordPayment(trx, { ...payment, status: 'failed', declineReason: 'card_declined' });
          await log.statusChange({ entityType: 'payment', entityId: payment.id, from: 'pending', to: 'failed' });
          await log.notify({ type: 'error', key: 'paymentDeclined', params });
          return { statusCode: 402, body: new AppError('PAYMENT_DECLINED').toBody() };
        }
      }
      payment.status = 'completed';
      payment.completedAt = now;
      await recordPayment(trx, payment);
      await log.statusChange({ entityType: 'payment', entityId: payment.id, from: 'pending', to: 'completed' });
      if (input.method === 'test_card') {
        await appendLedgerEntry(trx, {
          userId,
          type: 'topup',
          amountCents: order.totalCents,
          ...(await paymentCreditText(trx, payment)),
          paymentId: payment.id,
          invoiceId: order.invoiceId,
          actorId: userId,
          now,
        });
      }
      await chargeLines(trx, order, userId, now);
      invoiceStates.assertTransition('unpaid', 'paid');
      await markInvoicePaid(trx, order.invoiceId, now);
      await log.statusChange({ entityType: 'invoice', entityId: order.invoiceId, from: 'unpaid', to: 'paid' });
      await log.activity({ action: 'order.paid', subjectType: 'payment', subjectId: payment.id, params });
      const after = await afterPayment(trx, registrar, order, now, log, false);
      mail = { orderId: order.id, event: after.event };
      return {
        statusCode: 200,
        body: {
          order: await readOrderDetail(trx, after.row),
          payment: toPayment(payment),
          balance: money(await balanceOf(trx, userId)),
        },
      };
    },
  );
  if (mail)
    await mailOrder(deps, (mail as { orderId: string }).orderId, (mail as { event: 'active' | 'awaiting' }).event);
  return answer;
}
