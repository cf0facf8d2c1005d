import type { Kysely } from 'kysely';

/**
 * One sample a day of each hosting service's disk and traffic (docs/decisions/054-charts-and-the-look-of-a-brand.md),
 * so the customer's dashboard can draw its usage over time. Written by the scheduler's `server-samples` job, at most
 * one per service and UTC day; kept 90 days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_usage_samples')
    .addColumn('service_id', 'text', (col) => col.notNull().references('services.id').onDelete('cascade'))
    .addColumn('day', 'bigint', (col) => col.notNull())
    .addColumn('storage_used_mb', 'bigint', (col) => col.notNull())
    .addColumn('bandwidth_used_mb', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('service_usage_samples_pk', ['service_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_usage_samples').execute();
}
