import type { Kysely } from 'kysely';

/**
 * What the web nodes measure (docs/decisions/058-usage-and-limits.md): the latest usage of each hosting service
 * on a web node (disk, traffic this month, databases, against its limits), and the latest reading of each web
 * node itself (its metrics, or the error of the last read that failed), written by the `usage-collection` job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_usage')
    .addColumn('service_id', 'text', (col) => col.primaryKey().references('services.id').onDelete('cascade'))
    .addColumn('server_id', 'text', (col) => col.notNull())
    .addColumn('measured_at', 'bigint', (col) => col.notNull())
    .addColumn('disk_bytes', 'bigint', (col) => col.notNull())
    .addColumn('file_bytes', 'bigint', (col) => col.notNull())
    .addColumn('database_bytes', 'bigint', (col) => col.notNull())
    .addColumn('bandwidth_bytes', 'bigint', (col) => col.notNull())
    .addColumn('bandwidth_month', 'text', (col) => col.notNull())
    .addColumn('databases', 'integer', (col) => col.notNull())
    .addColumn('storage_limit_bytes', 'bigint', (col) => col.notNull())
    .addColumn('database_limit', 'integer', (col) => col.notNull())
    .addColumn('domain_limit', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('node_metrics')
    .addColumn('server_id', 'text', (col) => col.primaryKey().references('servers.id').onDelete('cascade'))
    .addColumn('checked_at', 'bigint', (col) => col.notNull())
    .addColumn('measured_at', 'bigint')
    .addColumn('metrics', 'text')
    .addColumn('error', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('node_metrics').execute();
  await db.schema.dropTable('service_usage').execute();
}
