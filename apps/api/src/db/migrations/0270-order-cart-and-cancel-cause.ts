import { type Kysely, sql } from 'kysely';

/**
 * One order per cart, and who cancelled an order (docs/decisions/052-money-journeys.md):
 * - `cart_key`: a digest of the priced lines and total an order was placed with; placing the same cart again
 *   while that order still waits for payment answers the same order instead of a second one;
 * - `cancel_cause`: `staff`, `customer` (an unpaid order the customer cancelled) or `expired` (unpaid too long,
 *   cancelled by the scheduler). Orders cancelled before this were all cancelled by staff.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('cart_key', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('cancel_cause', 'text', (col) => col.check(sql`cancel_cause in ('staff', 'customer', 'expired')`))
    .execute();
  await sql`update orders set cancel_cause = 'staff' where status = 'cancelled'`.execute(db);
  await db.schema
    .createIndex('orders_user_status_cart_idx')
    .on('orders')
    .columns(['user_id', 'status', 'cart_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_user_status_cart_idx').execute();
  await db.schema.alterTable('orders').dropColumn('cancel_cause').execute();
  await db.schema.alterTable('orders').dropColumn('cart_key').execute();
}
