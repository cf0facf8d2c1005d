import {
  billingAdminEndpoints,
  CURRENCY,
  idempotencyHeadersSchema,
  IDEMPOTENCY_KEY_HEADER,
  paymentStates,
  validationMessage,
  type AdminPaymentDetail,
  refundDestinationOf,
  type ValidationMessageKey,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { staffOf } from '../../plugins/authorize';
import { requestFingerprint, runIdempotent } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { appendLedgerEntry, balanceOf, money, toInvoice } from './ledger';
import { refundProviderOf, settleBankTransfer } from './payments.service';
import type { OrdersService } from '../ordering/orders.service';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { endpointRoute } from '../../lib/endpoint-route';
import { fullName, iso, isoOrNull } from '../../lib/staff-list';

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
    async (request): Promise<AdminPaymentDetail> => {
      const row = await db
        .selectFrom('payments')
        .innerJoin('users', 'users.id', 'payments.userId')
        .selectAll('payments')
        .select(['users.firstName', 'users.lastName', 'users.email'])
        .where('payments.id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND');
      const invoice = row.invoiceId
        ? await db.selectFrom('invoices').selectAll().where('id', '=', row.invoiceId).executeTakeFirst()
        : undefined;
      const ledger = await db
        .selectFrom('ledgerEntries')
        .selectAll()
        .where('paymentId', '=', row.id)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      return {
        id: row.id,
        owner: { id: row.userId, name: fullName(row.firstName, row.lastName), email: row.email },
        amount: money(row.amountCents, row.currency),
        method: row.method,
        status: row.status,
        declineReason: row.declineReason,
        providerReference: row.providerReference,
        createdAt: iso(row.createdAt),
        completedAt: isoOrNull(row.completedAt),
        invoice: invoice ? toInvoice(invoice) : null,
        ledger: ledger.map((entry) => ({
          id: entry.id,
          type: entry.type,
          description: { key: entry.descriptionKey, params: JSON.parse(entry.descriptionParams) as never },
          amount: money(entry.amountCents, entry.currency),
          createdAt: iso(entry.createdAt),
        })),
      };
    },
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
      const staff = staffOf(request);
      const { amount, reason, destination } = request.body;
      const now = clock.now();
      const payment = await db
        .selectFrom('payments')
        .select(['id', 'userId'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!payment) throw new AppError('NOT_FOUND');
      const refused = (field: 'amount' | 'destination', code: ValidationMessageKey) =>
        new AppError('INVALID_STATE', {
          message: validationMessage(code),
          fields: { [field]: { code, message: validationMessage(code) } },
        });
      const answer = await runIdempotent(
        db,
        {
          userId: payment.userId,
          key: String(request.headers[IDEMPOTENCY_KEY_HEADER]),
          fingerprint: requestFingerprint(request.method, request.url, request.body),
          now,
        },
        async (trx) => {
          // Read under the account's lock (runIdempotent), so a cancellation of its order cannot slip in between.
          const before = await trx
            .selectFrom('payments')
            .selectAll()
            .where('id', '=', payment.id)
            .executeTakeFirstOrThrow();
          const order = before.invoiceId
            ? await trx
                .selectFrom('orders')
                .select('status')
                .where('invoiceId', '=', before.invoiceId)
                .executeTakeFirst()
            : undefined;
          if (order?.status === 'cancelled') throw refused('amount', 'validation.refundOrderCancelled');
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
          const updated = await trx
            .updateTable('payments')
            .set((eb) => ({ refundedCents: eb('refundedCents', '+', amount), updatedAt: now }))
            .where('id', '=', payment.id)
            .where('status', '=', 'completed')
            .where((eb) => eb(eb('refundedCents', '+', amount), '<=', eb.ref('amountCents')))
            .returningAll()
            .executeTakeFirst();
          if (!updated) throw refused('amount', 'validation.refundTooMuch');
          const log = journal(trx, payment.userId, staff.userId, now, request.ip);
          if (updated.refundedCents === updated.amountCents) {
            paymentStates.assertTransition('completed', 'refunded');
            await trx.updateTable('payments').set({ status: 'refunded' }).where('id', '=', payment.id).execute();
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
            actorId: staff.userId,
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
        },
      );
      return reply.code(answer.statusCode as 201).send(answer.body);
    },
  );
};
