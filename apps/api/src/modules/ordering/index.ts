/**
 * What other modules may use of the ordering module (docs/decisions/056-module-shape.md, "Addendum
 * (2026-11-27)"): lint refuses any other file of it from outside, apart from the composition root's routes.
 */
export { closeOrder, transferPending } from './order-closing';
export { ordersNameDomain } from './domain-references';
export type { OrderDeps, OrdersService } from './order-deps';
export { findOrderForExpiry, ordersUnpaidSince } from './order-expiry';
export { orderChoicesOf } from './order-choices';
export { orderLabels } from './order-labels';
