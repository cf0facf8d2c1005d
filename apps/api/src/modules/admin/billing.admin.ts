import {
  adminDeclineSchema,
  adminRefundResultSchema,
  adminRefundSchema,
  CURRENCY,
  idempotencyHeadersSchema,
  IDEMPOTENCY_KEY_HEADER,
  paymentStates,
  validationMessage,
  adminPaymentDetailSchema,
  type AdminPaymentDetail,
  optionalReasonSchema,
  paymentSchema,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { staffOf } from '../../plugins/authorize';
import { requestFingerprint, runIdempotent } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { appendLedgerEntry, balanceOf, money, toInvoice } from '../billing/ledger';
import { settleBankTransfer } from '../billing/payments.service';
import type { OrdersService } from '../ordering/orders.service';
import { STAFF_ERRORS } from './errors';
import { fullName, iso, isoOrNull } from './list';

const security = [{ bearerAuth: [] }];
const params = z.object({ id: z.string().min(1).max(100) });
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

  app.get(
    '/payments/:id',
    {
      config: { access: 'billing.read' },
      schema: {
        tags: ['admin'],
        summary: 'A payment with its invoice and the ledger entries it made',
        description: 'Needs `billing.read`.',
        security,
        params,
        response: {
          200: adminPaymentDetailSchema,
          ...errorResponses({ ...STAFF_ERRORS, 404: 'NOT_FOUND: no such payment' }),
        },
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

  app.post(
    '/payments/:id/approve',
    {
      config: { access: 'billing.approve' },
      schema: {
        tags: ['admin'],
        summary: 'Approve a pending bank transfer: ledger credit, invoice paid, the customer notified',
        description:
          'Exactly once: two approvals at the same moment credit once, the second answers 409. Recorded in the ' +
          'audit log with the optional reason. Needs `billing.approve`.',
        security,
        params,
        body: optionalReasonSchema,
        response: {
          200: paymentSchema,
          ...errorResponses({ ...BODY_ERRORS, ...SETTLE_ERRORS, 400: 'VALIDATION_FAILED: `reason` validation.reason' }),
        },
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

  app.post(
    '/payments/:id/decline',
    {
      config: { access: 'billing.approve' },
      schema: {
        tags: ['admin'],
        summary: 'Decline a pending bank transfer with a reason: invoice void, the customer notified',
        description: 'Exactly once, like approval. Recorded in the audit log. Needs `billing.approve`.',
        security,
        params,
        body: adminDeclineSchema,
        response: {
          200: paymentSchema,
          ...errorResponses({
            ...BODY_ERRORS,
            ...SETTLE_ERRORS,
            400: 'VALIDATION_FAILED (with `fields`): `reason` validation.reason',
          }),
        },
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

  app.post(
    '/payments/:id/refund',
    {
      config: { access: 'billing.write' },
      schema: {
        tags: ['admin'],
        summary: "Refund a completed payment, in full or in part, to the customer's balance",
        description:
          'The amount (major units, two decimals) is at most what is left unrefunded; a reason is kept. One ' +
          'conditional update raises the refunded amount only while it stays within the payment, so two staff ' +
          'refunding at the same moment never return more than was paid; the same `Idempotency-Key` answers the ' +
          'first answer again. A ledger credit, the audit entry, a status-history row when the payment is fully ' +
          'refunded, and a notification to the customer, in one transaction. Refunds go to the balance, never to ' +
          'a card (docs/decisions/033-hosting-and-domain-administration.md). Needs `billing.write`.',
        security,
        params,
        headers: idempotencyHeadersSchema.loose(),
        body: adminRefundSchema,
        response: {
          201: adminRefundResultSchema,
          ...errorResponses({
            ...BODY_ERRORS,
            ...STAFF_ERRORS,
            400: 'VALIDATION_FAILED (with `fields`): amount (validation.amountFormat, amountMin, amountMax), reason (validation.reason), the Idempotency-Key header',
            404: 'NOT_FOUND: no such payment',
            409:
              'INVALID_STATE (with `fields.amount` validation.refundTooMuch): the payment is not completed or the ' +
              'amount exceeds what is left unrefunded; IDEMPOTENCY_KEY_REUSED',
          }),
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const { amount, reason } = request.body;
      const now = clock.now();
      const payment = await db
        .selectFrom('payments')
        .select(['id', 'userId'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!payment) throw new AppError('NOT_FOUND');
      const tooMuch = () =>
        new AppError('INVALID_STATE', validationMessage('validation.refundTooMuch'), {
          amount: { code: 'validation.refundTooMuch', message: validationMessage('validation.refundTooMuch') },
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
          const before = await trx
            .selectFrom('payments')
            .selectAll()
            .where('id', '=', payment.id)
            .executeTakeFirstOrThrow();
          if (before.status !== 'completed' || before.currency !== CURRENCY) throw tooMuch();
          // The conditional update decides: it passes only while the refunded total stays within the payment.
          const updated = await trx
            .updateTable('payments')
            .set((eb) => ({ refundedCents: eb('refundedCents', '+', amount), updatedAt: now }))
            .where('id', '=', payment.id)
            .where('status', '=', 'completed')
            .where((eb) => eb(eb('refundedCents', '+', amount), '<=', eb.ref('amountCents')))
            .returningAll()
            .executeTakeFirst();
          if (!updated) throw tooMuch();
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
          const balanceBefore = await balanceOf(trx, payment.userId);
          const entryId = await appendLedgerEntry(trx, {
            userId: payment.userId,
            type: 'refund',
            amountCents: amount,
            key: 'transactions.refund',
            params: {},
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
              reason,
              entryId,
            },
          });
          const params = { amountMinor: amount, currency: CURRENCY };
          await log.notify({ type: 'success', key: 'paymentRefunded', params });
          await log.activity({ action: 'payment.refund', subjectType: 'payment', subjectId: payment.id, params });
          return {
            statusCode: 201,
            body: {
              paymentId: payment.id,
              refunded: money(updated.refundedCents),
              balance: money(balanceBefore + amount),
            },
          };
        },
      );
      return reply.code(answer.statusCode as 201).send(answer.body);
    },
  );
};
