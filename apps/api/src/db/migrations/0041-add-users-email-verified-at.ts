import { type Kysely, sql } from 'kysely';

/**
 * When the account proved it holds its e-mail address (docs/decisions/019-unverified-accounts.md). Accounts that
 * existed before verification was introduced count as verified from their creation: nobody could have verified
 * them, and they must not lose what they could do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'bigint').execute();
  await sql`update users set email_verified_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
