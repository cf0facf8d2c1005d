import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../db/schema';
import { findOrderRow, pendingPaymentOrdersBefore } from './order-expiry.repository';

/**
 * What the order-expiry job (docs/decisions/052-money-journeys.md) reads of orders, for the scheduler module
 * (docs/decisions/056-module-shape.md); closing an order is `closeOrder` of `order-closing.ts`.
 */

/** Orders still awaiting payment that were placed at or before `threshold`: the expiry's candidates. */
export function ordersUnpaidSince(db: Kysely<Database>, threshold: number) {
  return pendingPaymentOrdersBefore(db, threshold);
}

/** One order as stored (read again under the account's lock, in the job's transaction), or undefined. */
export function findOrderForExpiry(trx: Kysely<Database>, id: string): Promise<OrderRow | undefined> {
  return findOrderRow(trx, id);
}
