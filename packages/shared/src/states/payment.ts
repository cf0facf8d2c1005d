import { defineStateMachine } from './machine';

/**
 * A payment (docs/product/states.md): pending until the provider (or staff, for a bank transfer) answers;
 * completed or failed (with a decline reason); a completed payment can be refunded. Failed and refunded are final.
 */
export const paymentStates = defineStateMachine('payment', {
  pending: ['completed', 'failed'],
  completed: ['refunded'],
  failed: [],
  refunded: [],
} as const);

export type PaymentStatus = (typeof paymentStates.states)[number];
export const PAYMENT_STATUSES = paymentStates.states;
