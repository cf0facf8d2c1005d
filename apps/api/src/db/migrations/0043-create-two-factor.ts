import type { Kysely } from 'kysely';

/**
 * Two-factor sign-in (docs/decisions/023-two-factor-sign-in.md):
 * - `two_factor`: one row per account that started set-up. The TOTP secret is kept encrypted (AES-256-GCM under a
 *   key derived from the server secret) and never answered after set-up; `enabled_at` is null until a first code
 *   confirmed it; `last_step` is the newest time step a code was accepted for, so no code works twice.
 * - `recovery_codes`: single-use codes, only their keyed hash (HMAC-SHA-256) kept.
 * - `sign_in_challenges`: the short-lived, single-use token between the password step and the code step; only its
 *   SHA-256 kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('enabled_at', 'bigint')
    .addColumn('last_step', 'bigint')
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('recovery_codes_user_code')
    .on('recovery_codes')
    .columns(['user_id', 'code_hash'])
    .unique()
    .execute();
  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('remember', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('sign_in_challenges_user_id').on('sign_in_challenges').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('two_factor').execute();
}
