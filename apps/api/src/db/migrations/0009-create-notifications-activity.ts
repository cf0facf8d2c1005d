import { type Kysely, sql } from 'kysely';

/**
 * What the customer reads about their account (docs/decisions/012-data-model.md). Both store a translation
 * key with JSON parameters and a timestamp, never finished text or "2 hours ago": each reader sees them in
 * their own language, the age computed when read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('info', 'warning', 'success', 'error')`))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('params', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('notifications_user_created')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();

  // One line of an account's history: `action` is a key (payment.topUp), the subject what it concerned.
  await db.schema
    .createTable('activity')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject_type', 'text', (col) =>
      col.notNull().check(sql`subject_type in ('service', 'domain', 'payment', 'invoice', 'ticket', 'account')`),
    )
    .addColumn('subject_id', 'text')
    .addColumn('params', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('activity_user_created').on('activity').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('activity_created').on('activity').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('activity').execute();
  await db.schema.dropTable('notifications').execute();
}
