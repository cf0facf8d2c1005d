import type { Kysely } from 'kysely';

/**
 * Lifecycle automation (docs/decisions/030-lifecycle-automation.md):
 * - scheduler_jobs: one row per job, its lease (which instance runs it, until when) and its last run; a run is
 *   claimed by an atomic conditional UPDATE, so with several instances on one database one runs it;
 * - renewal_invoices: the renewal invoice of one period of a service or domain, unique per (entity, period), so a
 *   job run twice or resumed after a crash never bills a period twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduler_jobs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('last_started_at', 'bigint')
    .addColumn('last_finished_at', 'bigint')
    .addColumn('outcome', 'text')
    .addColumn('changed', 'integer')
    .addColumn('error', 'text')
    .addColumn('next_run_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('renewal_invoices')
    .addColumn('invoice_id', 'text', (col) => col.primaryKey().references('invoices.id'))
    .addColumn('entity_type', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    /** The expiry the invoice renews from: the period's start. */
    .addColumn('period_start', 'bigint', (col) => col.notNull())
    .addColumn('months', 'integer', (col) => col.notNull())
    /** When the customer was told the balance does not cover it (once per invoice). */
    .addColumn('short_notified_at', 'bigint')
    .addUniqueConstraint('renewal_invoices_period', ['entity_type', 'entity_id', 'period_start'])
    .execute();
  await db.schema
    .createIndex('renewal_invoices_entity')
    .on('renewal_invoices')
    .columns(['entity_type', 'entity_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('renewal_invoices').execute();
  await db.schema.dropTable('scheduler_jobs').execute();
}
