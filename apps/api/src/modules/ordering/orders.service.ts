import { decideOrder } from './decide-order';
import type { OrderDeps, OrdersService } from './order-deps';
import { orderTransferHooks } from './order-transfer-hooks';

/**
 * What the billing module's staff routes (a bank transfer's approval, the bulk cancel) use of ordering, built once
 * from the order deps: an object that only delegates to the use cases, each of which is its own exported function
 * (place-order.ts, pay-order.ts, accept-order.ts, decide-order.ts, cancel-unpaid-order.ts,
 * order-transfer-hooks.ts; docs/decisions/056-module-shape.md).
 */
export function createOrdersService(deps: OrderDeps): OrdersService {
  return {
    transferHooks: orderTransferHooks(deps),
    decide: (orderId: string, decision: 'cancel' | 'fraud', reason: string, actorId: string, clientIp: string | null) =>
      decideOrder(deps, orderId, decision, reason, actorId, clientIp),
  };
}
