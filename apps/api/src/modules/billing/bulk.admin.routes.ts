import { billingAdminEndpoints, orderingAdminEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { staffOf } from '../../plugins/authorize';
import { settleBankTransfer } from './settle-bank-transfer';
import type { OrdersService } from '../ordering/billing.port';
import { BULK_DESCRIPTION, eachOnItsOwn } from '../../lib/bulk';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { endpointRoute } from '../../lib/endpoint-route';

const ERRORS = {
  ...BODY_ERRORS,
  ...STAFF_ERRORS,
  400: 'VALIDATION_FAILED (with `fields`): `ids` validation.bulkIds, `action` validation.filter, `reason` validation.reason',
} as const;

/**
 * Bulk actions on orders and payments (docs/decisions/048-operator-journeys.md), with the permissions of the single
 * actions; each row goes through the single action's own code (OrdersService.decide, settleBankTransfer). The
 * accounts' bulk action is beside the single ones in accounts/user-actions.admin.routes.ts.
 */
export const adminBulkRoutes: FastifyPluginAsyncZod<{ clock: Clock; orders: OrdersService }> = async (
  app,
  { clock, orders },
) => {
  const { db } = app.database;

  endpointRoute(
    app,
    orderingAdminEndpoints.postAdminOrdersBulk,
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancel several orders with one reason, each on its own (what was paid goes back to the balance)',
        description: `${BULK_DESCRIPTION}Needs \`orders.write\`.`,
        response: errorResponses(ERRORS),
      },
    },
    async (request) => {
      const { ids, reason } = request.body;
      const actorId = staffOf(request).userId;
      return eachOnItsOwn(ids, request.log, (id) => orders.decide(id, 'cancel', reason!, actorId, request.ip));
    },
  );

  endpointRoute(
    app,
    billingAdminEndpoints.postAdminPaymentsBulk,
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve or decline (with a reason) several pending bank transfers, each on its own',
        description: `${BULK_DESCRIPTION}Needs \`billing.approve\`.`,
        response: errorResponses(ERRORS),
      },
    },
    async (request) => {
      const { ids, action, reason } = request.body;
      const actorId = staffOf(request).userId;
      return eachOnItsOwn(ids, request.log, (paymentId) =>
        settleBankTransfer(
          db,
          { paymentId, decision: action, reason, actorId, clientIp: request.ip, now: clock.now() },
          orders.transferHooks,
        ),
      );
    },
  );
};
