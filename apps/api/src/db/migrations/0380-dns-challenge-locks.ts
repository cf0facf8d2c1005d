import type { Kysely } from 'kysely';

/**
 * A short lease per zone held while a certificate task reads and rewrites the zone's `_acme-challenge` TXT rrsets
 * on PowerDNS (docs/decisions/049-certificates-through-acme.md, addendum "Two orders of one name at once"), so two
 * tasks of any API instance never interleave their read-modify-write and lose each other's challenge value. A row
 * exists only while a task holds the lease (or until a dead holder's lease has passed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dns_challenge_locks')
    .addColumn('zone', 'text', (col) => col.primaryKey())
    .addColumn('lease_owner', 'text', (col) => col.notNull())
    .addColumn('lease_until', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dns_challenge_locks').execute();
}
