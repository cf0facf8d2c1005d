import { type Kysely, sql } from 'kysely';

/**
 * Every service a customer owns, of every kind, in one table (docs/decisions/012-data-model.md).
 * `plan_id` is a plan id of the catalogue for its kind; usage figures are integers (megabytes, percent);
 * the price is frozen at order time in minor units. Statuses: packages/shared/src/states/service.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('services')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('hosting', 'game', 'vds', 'dedicated', 'extra')`),
    )
    .addColumn('plan_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('server_id', 'text', (col) => col.references('servers.id'))
    .addColumn('domain', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'active', 'suspended', 'expired', 'cancelled')`),
    )
    .addColumn('suspension_reason', 'text')
    .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents >= 0`))
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD'))
    .addColumn('billing_period', 'text', (col) => col.notNull().check(sql`billing_period in ('month', 'year')`))
    .addColumn('storage_used_mb', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('bandwidth_used_mb', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('cpu_percent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('memory_percent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('auto_renew', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cancel_requested_at', 'bigint')
    .addColumn('cancel_reason', 'text')
    .addColumn('cancelled_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  // The customer's lists (by kind, newest first) and the dashboard's "expiring soon".
  await db.schema.createIndex('services_user_kind').on('services').columns(['user_id', 'kind', 'created_at']).execute();
  await db.schema.createIndex('services_user_expires').on('services').columns(['user_id', 'expires_at']).execute();
  // Renewal and expiry jobs, and a server's services.
  await db.schema.createIndex('services_status_expires').on('services').columns(['status', 'expires_at']).execute();
  await db.schema.createIndex('services_server').on('services').column('server_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('services').execute();
}
