import type { Kysely } from 'kysely';

/**
 * Refresh tokens, stored as SHA-256 hashes only (docs/decisions/003-token-design.md).
 * Every sign-in starts a family; each refresh uses one row up and inserts its child.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('family_id', 'text', (col) => col.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remember', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('family_expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_id').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user_id').on('refresh_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('refresh_tokens').execute();
}
