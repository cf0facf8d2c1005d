import type { Kysely } from 'kysely';

/**
 * The DNSSEC DS records of a domain as the registry holds them (docs/decisions/046-dns-on-powerdns.md): a JSON
 * array of `{keyTag, algorithm, digestType, digest}`, written through the registrar interface once PowerDNS has
 * signed the zone; null until then. The domain page shows them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('domains').addColumn('ds_records', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('domains').dropColumn('ds_records').execute();
}
