import { defineEndpoint } from './define';
import { idParamsSchema } from '../api/customer';
import { adminOrderBulkSchema, bulkResultSchema } from '../api/admin-actions';
import { adminOrderDecisionSchema, adminOrderDetailSchema } from '../api/orders';

/**
 * The back office's order decisions beside Accept (docs/decisions/068-typed-endpoint-contract.md): Cancel with a
 * refund to the balance, Fraud, and Cancel for several orders. The list, one order, its export, Accept and the
 * approval setting are in `ordering.ts`.
 */
export const orderingAdminEndpoints = {
  postAdminOrdersCancel: defineEndpoint({
    method: 'POST',
    path: '/admin/orders/:id/cancel',
    params: idParamsSchema,
    body: adminOrderDecisionSchema,
    response: adminOrderDetailSchema,
    auth: 'staff',
    permission: 'orders.write',
  }),
  postAdminOrdersFraud: defineEndpoint({
    method: 'POST',
    path: '/admin/orders/:id/fraud',
    params: idParamsSchema,
    body: adminOrderDecisionSchema,
    response: adminOrderDetailSchema,
    auth: 'staff',
    permission: 'orders.write',
  }),
  postAdminOrdersBulk: defineEndpoint({
    method: 'POST',
    path: '/admin/orders/bulk',
    body: adminOrderBulkSchema,
    response: bulkResultSchema,
    auth: 'staff',
    permission: 'orders.write',
  }),
};
