import {
  adminDeclineSchema,
  adminPaymentDetailSchema,
  type AdminPaymentDetail,
  paymentSchema,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { staffOf } from '../../plugins/authorize';
import { money, toInvoice } from '../billing/ledger';
import { settleBankTransfer } from '../billing/payments.service';
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
export const adminBillingRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
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
          'audit log. Needs `billing.approve`.',
        security,
        params,
        response: { 200: paymentSchema, ...errorResponses(SETTLE_ERRORS) },
      },
    },
    async (request) =>
      settleBankTransfer(db, {
        paymentId: request.params.id,
        decision: 'approve',
        actorId: staffOf(request).userId,
        clientIp: request.ip,
        now: clock.now(),
      }),
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
      settleBankTransfer(db, {
        paymentId: request.params.id,
        decision: 'decline',
        reason: request.body.reason,
        actorId: staffOf(request).userId,
        clientIp: request.ip,
        now: clock.now(),
      }),
  );
};
