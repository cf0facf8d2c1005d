/**
 * What the billing module, and it only, uses of the ordering module (docs/decisions/056-module-shape.md, "Addendum
 * (2026-11-27)"): which order an invoice belongs to. Ordering's use cases write invoices and payments through
 * billing, so billing importing ordering's index.ts would close an import cycle; lint holds billing to this file.
 */
export { orderIdOfInvoice, orderNumberOfInvoice, orderStatusOfInvoice } from './order-status';
export type { OrdersService } from './order-deps';
