import type { Kysely } from 'kysely';

/**
 * Where a certificate is installed (docs/decisions/049-certificates-through-acme.md, addendum): the hosting
 * service whose site on a web node serves it over HTTPS, the serial the node answered, and when. Null while it is
 * installed nowhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('certificates').addColumn('installed_service_id', 'text').execute();
  await db.schema.alterTable('certificates').addColumn('installed_serial', 'text').execute();
  await db.schema.alterTable('certificates').addColumn('installed_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('certificates').dropColumn('installed_at').execute();
  await db.schema.alterTable('certificates').dropColumn('installed_serial').execute();
  await db.schema.alterTable('certificates').dropColumn('installed_service_id').execute();
}
