import type { Kysely } from 'kysely';

/**
 * The e-mail address a link token is about (docs/decisions/044-account-protection.md): for a verification link,
 * the address it verifies (so a link mailed to an address the account no longer has verifies nothing); for the
 * undo link mailed to the previous address when the e-mail changes, the address it restores. Null for tokens
 * that are about no address (password reset) and for those issued before this column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_tokens').addColumn('email', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_tokens').dropColumn('email').execute();
}
