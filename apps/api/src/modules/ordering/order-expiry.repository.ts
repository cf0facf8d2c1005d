import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../db/schema';

/**
 * The orders table as the order-expiry job reads it (docs/decisions/052-money-journeys.md,
 * docs/decisions/056-module-shape.md).
 */

/** Orders awaiting payment created at or before `threshold`, with their owner and invoice. */
export const pendingPaymentOrdersBefore = (db: Kysely<Database>, threshold: number) =>
  db
    .selectFrom('orders')
    .select(['id', 'userId', 'invoiceId'])
    .where('status', '=', 'pending_payment')
    .where('createdAt', '<=', threshold)
    .execute();

export const findOrderRow = (db: Kysely<Database>, id: string): Promise<OrderRow | undefined> =>
  db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
