import { type Kysely, sql } from 'kysely';

/**
 * The provisioning engine (docs/decisions/042-provisioning-engine.md):
 * - servers: the driver a server is given, its connection settings (JSON; secret fields sealed with the server
 *   key like the SMTP password) and its last connection test; a failed test keeps new orders off it;
 * - services and domains: `setup_state`, beside the status: provisioning (being set up) or delayed (a task's
 *   tries ran out); null when nothing is outstanding;
 * - provisioning_tasks: the transactional outbox, written in the same transaction as the change it carries;
 *   claimed by a worker with a lease (owner, until), retried with backoff; ids sort in the order of writing, so
 *   the tasks of one resource run in order;
 * - provisioning_calls: every driver call (operation, server, duration, outcome, secrets masked).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('servers').addColumn('driver_type', 'text').execute();
  await db.schema.alterTable('servers').addColumn('connection_settings', 'text').execute();
  await db.schema.alterTable('servers').addColumn('connection_status', 'text').execute();
  await db.schema.alterTable('servers').addColumn('connection_checked_at', 'bigint').execute();
  await db.schema.alterTable('servers').addColumn('connection_error', 'text').execute();
  await db.schema.alterTable('services').addColumn('setup_state', 'text').execute();
  await db.schema.alterTable('domains').addColumn('setup_state', 'text').execute();

  await db.schema
    .createTable('provisioning_tasks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('resource_type', 'text', (col) => col.notNull().check(sql`resource_type in ('service', 'domain')`))
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('driver_type', 'text', (col) => col.notNull())
    .addColumn('operation', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'running', 'failed', 'done', 'cancelled')`),
    )
    .addColumn('server_id', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('wait_reason', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('details', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('provisioning_tasks_due')
    .on('provisioning_tasks')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('provisioning_tasks_resource')
    .on('provisioning_tasks')
    .columns(['resource_type', 'resource_id', 'id'])
    .execute();
  await db.schema
    .createIndex('provisioning_tasks_user')
    .on('provisioning_tasks')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('provisioning_calls')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('task_id', 'text')
    .addColumn('server_id', 'text')
    .addColumn('driver_type', 'text', (col) => col.notNull())
    .addColumn('operation', 'text', (col) => col.notNull())
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull().check(sql`outcome in ('ok', 'error')`))
    .addColumn('error_code', 'text')
    .addColumn('message', 'text')
    .execute();
  await db.schema.createIndex('provisioning_calls_task').on('provisioning_calls').columns(['task_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('provisioning_calls').execute();
  await db.schema.dropTable('provisioning_tasks').execute();
  await db.schema.alterTable('domains').dropColumn('setup_state').execute();
  await db.schema.alterTable('services').dropColumn('setup_state').execute();
  for (const column of [
    'connection_error',
    'connection_checked_at',
    'connection_status',
    'connection_settings',
    'driver_type',
  ]) {
    await db.schema.alterTable('servers').dropColumn(column).execute();
  }
}
