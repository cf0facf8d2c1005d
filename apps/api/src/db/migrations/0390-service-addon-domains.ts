import type { Kysely } from 'kysely';

/**
 * A hosting service's addon domains (docs/decisions/069-addon-domains.md): more names its one site serves, each
 * with its `www.`. A name is unique across all services (`name` is the key), lower-case A-labels as every domain
 * here. `status`: `adding` until the web node serves it, `active` then, `removing` until the node no longer does
 * (the row is deleted then, and the name free again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_domains')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('service_id', 'text', (col) => col.notNull().references('services.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('service_domains_service_idx')
    .on('service_domains')
    .columns(['service_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_domains').execute();
}
