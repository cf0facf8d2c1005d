import type { Kysely } from 'kysely';

/**
 * The API's recent server errors (docs/decisions/035-support-queue-and-operations.md): one row per 5xx answer —
 * when, the request id, method, route pattern, status, error name and a bounded message. Never a body, a query
 * string or a header. Every instance writes here, so the back office sees the errors of all of them; the table
 * is pruned to the newest rows as it is written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('error_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('request_id', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('route', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('error_name', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('error_log_created').on('error_log').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('error_log').execute();
}
