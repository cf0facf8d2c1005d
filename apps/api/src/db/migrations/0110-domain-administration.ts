import type { Kysely } from 'kysely';

/**
 * The back office's domain actions (docs/decisions/033-hosting-and-domain-administration.md, "Domains"):
 * - `transfer_code_hash`: the SHA-256 (hex) of the authorisation code of a transfer out; the code itself is shown
 *   to staff once and never stored;
 * - `deleted_at`: a domain staff deleted while invoices, ledger entries or orders still name it. Its DNS records
 *   are gone and it is hidden everywhere; the row stays so that the accounting records keep their reference.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('domains').addColumn('transfer_code_hash', 'text').execute();
  await db.schema.alterTable('domains').addColumn('deleted_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('domains').dropColumn('deleted_at').execute();
  await db.schema.alterTable('domains').dropColumn('transfer_code_hash').execute();
}
