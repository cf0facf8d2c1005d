import { type Kysely, sql } from 'kysely';

/**
 * Orders (docs/decisions/032-ordering-and-checkout.md):
 * - orders: one checkout of a customer, numbered ORD-<year>-<sequence> from the `order:<year>` counter; its one
 *   invoice (unique: an invoice belongs to at most one order); status per packages/shared/src/states/order.ts;
 *   who decided it in the back office, when and why; the refund credited when a paid order was cancelled;
 * - order_lines: what each line buys, priced from the catalogue when the order was placed, and the service or
 *   domain it became;
 * - the setting `orders.requireApproval`, on by default: a paid order waits for staff to accept it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('sequence', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .check(sql`status in ('pending_payment', 'paid', 'awaiting_review', 'active', 'cancelled', 'fraud')`),
    )
    .addColumn('invoice_id', 'text', (col) => col.notNull().unique().references('invoices.id'))
    .addColumn('total_cents', 'integer', (col) => col.notNull().check(sql`total_cents >= 0`))
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD'))
    .addColumn('paid_at', 'bigint')
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'text', (col) => col.references('users.id'))
    .addColumn('decision_reason', 'text')
    .addColumn('refund_cents', 'integer')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('orders_year_sequence', ['year', 'sequence'])
    .execute();
  // The customer's list (newest first), the back office's status filter and date sort.
  await db.schema.createIndex('orders_user_created').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('hosting', 'game', 'vds', 'dedicated', 'extra', 'domain')`),
    )
    .addColumn('plan_id', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('domain', 'text')
    .addColumn('months', 'integer', (col) => col.notNull().check(sql`months > 0`))
    .addColumn('location', 'text')
    .addColumn('game', 'text')
    .addColumn('unit', 'text', (col) => col.notNull().check(sql`unit in ('month', 'year')`))
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents >= 0`))
    .addColumn('service_id', 'text', (col) => col.references('services.id'))
    .addColumn('domain_id', 'text', (col) => col.references('domains.id'))
    .addUniqueConstraint('order_lines_position', ['order_id', 'position'])
    .execute();
  await db.schema.createIndex('order_lines_service').on('order_lines').column('service_id').execute();
  await db.schema.createIndex('order_lines_domain').on('order_lines').column('domain_id').execute();

  await db
    .insertInto('settings' as never)
    .values({ key: 'orders.requireApproval', value: 'true', updated_at: 0, updated_by: null } as never)
    .onConflict((oc) => oc.column('key' as never).doNothing())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db
    .deleteFrom('settings' as never)
    .where('key' as never, '=', 'orders.requireApproval' as never)
    .execute();
  await db.schema.dropTable('order_lines').execute();
  await db.schema.dropTable('orders').execute();
}
