import { defineStateMachine } from './machine';

/**
 * An invoice (docs/product/states.md): issued unpaid; paid once a payment completes; void when cancelled
 * before payment; refunded when a paid invoice's money goes back. Void and refunded are final.
 */
export const invoiceStates = defineStateMachine('invoice', {
  unpaid: ['paid', 'void'],
  paid: ['refunded'],
  void: [],
  refunded: [],
} as const);

export type InvoiceStatus = (typeof invoiceStates.states)[number];
export const INVOICE_STATUSES = invoiceStates.states;
