import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import {
  adminTransactionsExportQuerySchema,
  adminTransactionsPageSchema,
  adminTransactionsQuerySchema,
} from '../api/admin';
import {
  adminDeclineSchema,
  adminPaymentBulkSchema,
  adminPaymentDetailSchema,
  bulkResultSchema,
  optionalReasonSchema,
} from '../api/admin-actions';
import { adminRefundResultSchema, adminRefundSchema } from '../api/admin-hosting';
import { paymentSchema } from '../api/actions';

/** A payment's id in the back office's paths. */
const params = z.object({ id: z.string().min(1).max(100) });

/**
 * The back office's billing endpoints (docs/decisions/068-typed-endpoint-contract.md): the payments list and its
 * CSV export, one payment, approving or declining a bank transfer (one or several), and a refund.
 */
export const billingAdminEndpoints = {
  getAdminTransactions: defineEndpoint({
    method: 'GET',
    path: '/admin/transactions',
    query: adminTransactionsQuerySchema,
    response: adminTransactionsPageSchema,
    auth: 'staff',
    permission: 'billing.read',
  }),
  getAdminTransactionsExport: defineEndpoint({
    method: 'GET',
    path: '/admin/transactions/export',
    query: adminTransactionsExportQuerySchema,
    response: z.string().describe('The CSV text'),
    auth: 'staff',
    permission: 'billing.read',
  }),
  getAdminPaymentsItem: defineEndpoint({
    method: 'GET',
    path: '/admin/payments/:id',
    params,
    response: adminPaymentDetailSchema,
    auth: 'staff',
    permission: 'billing.read',
  }),
  postAdminPaymentsApprove: defineEndpoint({
    method: 'POST',
    path: '/admin/payments/:id/approve',
    params,
    body: optionalReasonSchema,
    response: paymentSchema,
    auth: 'staff',
    permission: 'billing.approve',
  }),
  postAdminPaymentsDecline: defineEndpoint({
    method: 'POST',
    path: '/admin/payments/:id/decline',
    params,
    body: adminDeclineSchema,
    response: paymentSchema,
    auth: 'staff',
    permission: 'billing.approve',
  }),
  /** Needs the `Idempotency-Key` header (docs/decisions/022-money-transactions.md). */
  postAdminPaymentsRefund: defineEndpoint({
    method: 'POST',
    path: '/admin/payments/:id/refund',
    params,
    body: adminRefundSchema,
    response: adminRefundResultSchema,
    status: 201,
    auth: 'staff',
    permission: 'billing.write',
  }),
  postAdminPaymentsBulk: defineEndpoint({
    method: 'POST',
    path: '/admin/payments/bulk',
    body: adminPaymentBulkSchema,
    response: bulkResultSchema,
    auth: 'staff',
    permission: 'billing.approve',
  }),
};
