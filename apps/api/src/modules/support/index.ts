/**
 * What other modules may use of the support module (docs/decisions/056-module-shape.md, "Addendum
 * (2026-11-27)"): lint refuses any other file of it from outside, apart from the composition root's routes.
 */
export { ticketLabels } from './ticket-labels';
export { closeSilentTicket, ticketsSilentSince } from './ticket-autoclose';
