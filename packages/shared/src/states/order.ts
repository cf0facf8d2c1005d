import { defineStateMachine } from './machine';

/**
 * An order (docs/product/ordering.md, docs/decisions/032-ordering-and-checkout.md):
 * - pending_payment: placed, its invoice unpaid (a bank transfer may be pending); the customer may pay it, staff may
 *   cancel it or flag it as fraud;
 * - paid: the money is taken; the order moves on in the same transaction, to awaiting_review when new orders need
 *   approval, else to active;
 * - awaiting_review: paid, its services reserved on their servers (pending), waiting for staff to accept, cancel
 *   (refunding to the balance) or flag it as fraud;
 * - active: provisioned, its services and domains live their own lives from here (final for the order);
 * - cancelled, fraud: final; nothing of it runs.
 */
export const orderStates = defineStateMachine('order', {
  pending_payment: ['paid', 'cancelled', 'fraud'],
  paid: ['awaiting_review', 'active', 'cancelled', 'fraud'],
  awaiting_review: ['active', 'cancelled', 'fraud'],
  active: [],
  cancelled: [],
  fraud: [],
} as const);

export type OrderStatus = (typeof orderStates.states)[number];
export const ORDER_STATUSES = orderStates.states;
