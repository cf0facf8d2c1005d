import type { Kysely } from 'kysely';

/**
 * For the actions of the next issues (docs/decisions/012-data-model.md):
 * - audit_log: who did what to which entity, its state before and after (JSON), from which address;
 * - status_history: every status change of a service, domain, invoice, payment or ticket, by a person
 *   (`actor_id`) or a scheduled job (`job`), with its reason;
 * - settings: key to JSON value, for the back office's system settings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('actor_id', 'text', (col) => col.references('users.id'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('entity_type', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('client_ip', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity_type', 'entity_id']).execute();
  await db.schema.createIndex('audit_log_actor_created').on('audit_log').columns(['actor_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();

  await db.schema
    .createTable('status_history')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('entity_type', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text', (col) => col.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('actor_id', 'text', (col) => col.references('users.id'))
    .addColumn('job', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('status_history_entity')
    .on('status_history')
    .columns(['entity_type', 'entity_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.references('users.id'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('status_history').execute();
  await db.schema.dropTable('audit_log').execute();
}
