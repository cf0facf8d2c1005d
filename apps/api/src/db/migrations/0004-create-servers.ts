import { type Kysely, sql } from 'kysely';

/**
 * The provider's machines and their load over time (docs/decisions/012-data-model.md).
 * `location` is a data-centre id of the catalogue; `capacity` is how many services the machine takes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('servers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('location', 'text', (col) =>
      col.notNull().check(sql`location in ('new-york', 'london', 'frankfurt', 'singapore')`),
    )
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('shared', 'game', 'vds', 'dedicated')`))
    .addColumn('ip', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'maintenance')`),
    )
    .addColumn('cpu_model', 'text', (col) => col.notNull())
    .addColumn('cpu_cores', 'integer', (col) => col.notNull())
    .addColumn('ram_gb', 'integer', (col) => col.notNull())
    .addColumn('storage_gb', 'integer', (col) => col.notNull())
    .addColumn('bandwidth_gbps', 'integer', (col) => col.notNull())
    .addColumn('capacity', 'integer', (col) => col.notNull().check(sql`capacity > 0`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('servers_status').on('servers').column('status').execute();

  // One row per server per sampling instant: percentages 0..100, `up` 1 when the machine answered.
  await db.schema
    .createTable('server_usage_samples')
    .addColumn('server_id', 'text', (col) => col.notNull().references('servers.id').onDelete('cascade'))
    .addColumn('taken_at', 'bigint', (col) => col.notNull())
    .addColumn('cpu_percent', 'integer', (col) => col.notNull().check(sql`cpu_percent between 0 and 100`))
    .addColumn('memory_percent', 'integer', (col) => col.notNull().check(sql`memory_percent between 0 and 100`))
    .addColumn('storage_percent', 'integer', (col) => col.notNull().check(sql`storage_percent between 0 and 100`))
    .addColumn('bandwidth_percent', 'integer', (col) => col.notNull().check(sql`bandwidth_percent between 0 and 100`))
    .addColumn('up', 'integer', (col) => col.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('server_usage_samples_pk', ['server_id', 'taken_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_usage_samples').execute();
  await db.schema.dropTable('servers').execute();
}
