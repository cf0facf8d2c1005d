import { type Kysely, sql } from 'kysely';

/**
 * Registered domains and their DNS records (docs/decisions/012-data-model.md). Names are stored lower-case
 * and unique across every account; `nameservers` is a JSON array of host names. Statuses:
 * packages/shared/src/states/domain.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('domains')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('tld', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('active', 'transferring', 'expired', 'graceperiod')`),
    )
    .addColumn('registered_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('auto_renew', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('transfer_lock', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('nameservers', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('dns_updated_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addCheckConstraint('domains_name_lower', sql`name = lower(name)`)
    .execute();
  await db.schema.createIndex('domains_user_expires').on('domains').columns(['user_id', 'expires_at']).execute();
  await db.schema.createIndex('domains_status_expires').on('domains').columns(['status', 'expires_at']).execute();
  await db.schema.createIndex('domains_tld').on('domains').column('tld').execute();

  await db.schema
    .createTable('dns_records')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('domain_id', 'text', (col) => col.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) =>
      col.notNull().check(sql`type in ('A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'CAA')`),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('ttl', 'integer', (col) => col.notNull().defaultTo(3600))
    .addColumn('priority', 'integer')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('dns_records_domain').on('dns_records').columns(['domain_id', 'type', 'name']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dns_records').execute();
  await db.schema.dropTable('domains').execute();
}
