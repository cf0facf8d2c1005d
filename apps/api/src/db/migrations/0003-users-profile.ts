import { type Kysely, sql } from 'kysely';

/**
 * Users gain their account status, last sign-in, language and notification preferences, and deleted_at
 * for the anonymised deletion of a later issue (docs/decisions/012-data-model.md). Booleans are 0 or 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'suspended')`),
    )
    .execute();
  await db.schema.alterTable('users').addColumn('last_sign_in_at', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('preferred_language', 'text', (col) =>
      col
        .notNull()
        .defaultTo('en')
        .check(sql`preferred_language in ('en', 'ru')`),
    )
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('notify_email', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('notify_service_updates', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('notify_marketing', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('deleted_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'deleted_at',
    'notify_marketing',
    'notify_service_updates',
    'notify_email',
    'preferred_language',
    'last_sign_in_at',
    'status',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
