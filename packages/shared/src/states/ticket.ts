import { defineStateMachine } from './machine';

/**
 * A support ticket (docs/product/states.md): open while it waits for staff; answered once staff replied and it
 * waits for the customer (a customer reply opens it again); closed by either side, and reopened by a new
 * customer message.
 */
export const ticketStates = defineStateMachine('ticket', {
  open: ['answered', 'closed'],
  answered: ['open', 'closed'],
  closed: ['open'],
} as const);

export type TicketStatus = (typeof ticketStates.states)[number];
export const TICKET_STATUSES = ticketStates.states;
