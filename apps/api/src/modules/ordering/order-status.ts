import type { OrderStatus } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { orderIdByInvoice, orderNumberByInvoice, orderStatusByInvoice } from './order-status.repository';

/**
 * What the billing module reads of the order an invoice belongs to (docs/decisions/056-module-shape.md: a module
 * reads another's tables only through its functions), in the caller's transaction.
 */

/** The status of the invoice's order, if any: a refund reads it (a cancelled order's payment was refunded). */
export const orderStatusOfInvoice = (trx: Kysely<Database>, invoiceId: string): Promise<OrderStatus | undefined> =>
  orderStatusByInvoice(trx, invoiceId);

/** The number of the invoice's order, if any: a payment of it is worded as the payment of that order. */
export const orderNumberOfInvoice = (trx: Kysely<Database>, invoiceId: string): Promise<string | undefined> =>
  orderNumberByInvoice(trx, invoiceId);

/** The id of the invoice's order, if any: the customer's invoice links to it. */
export const orderIdOfInvoice = (db: Kysely<Database>, invoiceId: string): Promise<string | undefined> =>
  orderIdByInvoice(db, invoiceId);
