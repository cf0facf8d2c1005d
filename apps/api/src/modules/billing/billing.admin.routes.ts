import { billingAdminEndpoints, idempotencyHeadersSchema, IDEMPOTENCY_KEY_HEADER } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { staffOf } from '../../plugins/authorize';
import { requestFingerprint } from '../../lib/idempotency';
import { settleBankTransfer } from './settle-bank-transfer';
import type { OrdersService } from '../ordering/billing.port';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { endpointRoute } from '../../lib/endpoint-route';
import { readPaymentDetail } from './payment-detail';
import { refundPayment } from './refund-payment';

const SETTLE_ERRORS = {
  ...STAFF_ERRORS,
  404: 'NOT_FOUND: no such bank transfer',
  409: 'INVALID_STATE: the payment is no longer pending (settled before, or by someone else at the same moment)',
} as const;

/**
 * Payments in the back office (docs/decisions/027-back-office-actions-and-audit.md): one payment with its
 * invoice and ledger entries, and the settlement of a pending bank transfer, exactly once
 * (settleBankTransfer, docs/decisions/022-money-transactions.md).
 */
export const adminBillingRoutes: FastifyPluginAsyncZod<{ clock: Clock; orders: OrdersService }> = async (
  app,
  { clock, orders },
) => {
  const db = app.database.db;

  endpointRoute(
    app,
    billingAdminEndpoints.getAdminPaymentsItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'A payment with its invoice and the ledger entries it made',
        description: 'Needs `billing.read`.',
        response: errorResponses({ ...STAFF_ERRORS, 404: 'NOT_FOUND: no such payment' }),
      },
    },
    async (request) => readPaymentDetail(db, request.params.id),
  );

  endpointRoute(
    app,
    billingAdminEndpoints.postAdminPaymentsApprove,
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a pending bank transfer: ledger credit, invoice paid, the customer notified',
        description:
          'Exactly once: two approvals at the same moment credit once, the second answers 409. Recorded in the ' +
          'audit log with the optional reason. Needs `billing.approve`.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...SETTLE_ERRORS,
          400: 'VALIDATION_FAILED: `reason` validation.reason',
        }),
      },
    },
    async (request) =>
      settleBankTransfer(
        db,
        {
          paymentId: request.params.id,
          decision: 'approve',
          reason: request.body.reason,
          actorId: staffOf(request).userId,
          clientIp: request.ip,
          now: clock.now(),
        },
        orders.transferHooks,
      ),
  );

  endpointRoute(
    app,
    billingAdminEndpoints.postAdminPaymentsDecline,
    {
      schema: {
        tags: ['admin'],
        summary: 'Decline a pending bank transfer with a reason: invoice void, the customer notified',
        description: 'Exactly once, like approval. Recorded in the audit log. Needs `billing.approve`.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...SETTLE_ERRORS,
          400: 'VALIDATION_FAILED (with `fields`): `reason` validation.reason',
        }),
      },
    },
    async (request) =>
      settleBankTransfer(
        db,
        {
          paymentId: request.params.id,
          decision: 'decline',
          reason: request.body.reason,
          actorId: staffOf(request).userId,
          clientIp: request.ip,
          now: clock.now(),
        },
        orders.transferHooks,
      ),
  );

  endpointRoute(
    app,
    billingAdminEndpoints.postAdminPaymentsRefund,
    {
      schema: {
        tags: ['admin'],
        summary: "Refund a completed payment, in full or in part: an invoice's to the balance, a top-up to its source",
        description:
          'The amount (major units, two decimals) is at most what is left unrefunded; a reason is kept. One ' +
          'conditional update raises the refunded amount only while it stays within the payment, so two staff ' +
          'refunding at the same moment never return more than was paid; the same `Idempotency-Key` answers the ' +
          'first answer again. `destination` is the one the payment allows (`refundTo` in the transactions list): an ' +
          "order's or renewal's payment goes back to the balance (a ledger credit); a top-up only back to its card or " +
          "bank account (a ledger debit), at most what is left on the balance. A cancelled order's payment was " +
          'refunded by the cancellation and is refused. The ledger entry, the audit entry, a status-history row ' +
          'when the payment is fully refunded, and a notification to the customer, in one transaction ' +
          '(docs/decisions/043-refunds-and-due-dates.md). Needs `billing.write`.',
        headers: idempotencyHeadersSchema.loose(),
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          400: 'VALIDATION_FAILED (with `fields`): amount (validation.amountFormat, amountMin, amountMax), reason (validation.reason), destination (validation.refundDestination), the Idempotency-Key header',
          404: 'NOT_FOUND: no such payment',
          409:
            'INVALID_STATE with `fields.amount` validation.refundTooMuch (not completed, or more than is left ' +
            'unrefunded), validation.refundOrderCancelled (its order was cancelled), validation.refundBalanceSpent ' +
            '(a top-up beyond what is left on the balance), or `fields.destination` validation.refundDestination ' +
            '(not where this payment may go); IDEMPOTENCY_KEY_REUSED',
        }),
      },
    },
    async (request, reply) => {
      const answer = await refundPayment(db, {
        ...request.body,
        paymentId: request.params.id,
        actorId: staffOf(request).userId,
        clientIp: request.ip,
        idempotency: {
          key: String(request.headers[IDEMPOTENCY_KEY_HEADER]),
          fingerprint: requestFingerprint(request.method, request.url, request.body),
        },
        now: clock.now(),
      });
      return reply.code(answer.statusCode as 201).send(answer.body);
    },
  );
};
