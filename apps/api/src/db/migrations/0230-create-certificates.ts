import type { Kysely } from 'kysely';

/**
 * SSL certificates of services (docs/decisions/049-certificates-through-acme.md): one row per service with its
 * state (packages/shared/src/states/certificate.ts), the current certificate and chain (PEM), its private key
 * sealed (lib/secret-box.ts), and the failure's reason code and the CA's problem document. Each certificate a
 * renewal or a reissue replaces moves to `previous_certificates`, downloadable until it expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certificates')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('service_id', 'text', (col) => col.notNull().unique().references('services.id').onDelete('cascade'))
    .addColumn('domain', 'text', (col) => col.notNull())
    .addColumn('names', 'text', (col) => col.notNull())
    .addColumn('key_type', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('order_url', 'text')
    .addColumn('serial', 'text')
    .addColumn('issuer', 'text')
    .addColumn('not_before', 'bigint')
    .addColumn('not_after', 'bigint')
    .addColumn('certificate_pem', 'text')
    .addColumn('chain_pem', 'text')
    .addColumn('private_key_sealed', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('failure_problem', 'text')
    .addColumn('issued_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('certificates_status_not_after')
    .on('certificates')
    .columns(['status', 'not_after'])
    .execute();
  await db.schema
    .createTable('previous_certificates')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('certificate_id', 'text', (col) => col.notNull().references('certificates.id').onDelete('cascade'))
    .addColumn('serial', 'text', (col) => col.notNull())
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('key_type', 'text', (col) => col.notNull())
    .addColumn('not_before', 'bigint', (col) => col.notNull())
    .addColumn('not_after', 'bigint', (col) => col.notNull())
    .addColumn('certificate_pem', 'text', (col) => col.notNull())
    .addColumn('chain_pem', 'text', (col) => col.notNull())
    .addColumn('private_key_sealed', 'text', (col) => col.notNull())
    .addColumn('replaced_at', 'bigint', (col) => col.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('previous_certificates_certificate')
    .on('previous_certificates')
    .columns(['certificate_id', 'not_after'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('previous_certificates').execute();
  await db.schema.dropTable('certificates').execute();
}
