import type { Kysely } from 'kysely';

/**
 * One row per sign-in (a refresh-token family, docs/decisions/003-token-design.md): the device as read from its
 * user agent, the address, when it started and when it was last refreshed. Rows outlive their family, so that a
 * later sign-in from the same device is not reported as new.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_ins')
    .addColumn('family_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('device_key', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sign_ins_user_id').on('sign_ins').columns(['user_id', 'device_key']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_ins').execute();
}
