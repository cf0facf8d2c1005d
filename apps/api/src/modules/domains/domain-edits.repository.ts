import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, DnsRecordRow, DnsRecordsTable, DomainRow, DomainsTable } from '../../db/schema';

/**
 * The queries of a domain's edits by its owner or staff (domain-actions.ts, dns-records.ts, dns-import.ts and the
 * setting use cases): the domain row they lock and change, and its DNS records.
 */

/**
 * Touches the domain's row (its `updated_at`, and `dns_updated_at` for a DNS change), which locks it for the
 * transaction, and answers it; undefined when it is deleted, missing or, for `ownerId`, someone else's.
 */
export function touchDomainForEdit(
  trx: Kysely<Database>,
  id: string,
  ownerId: string | null,
  now: number,
  dnsChange: boolean,
): Promise<DomainRow | undefined> {
  let query = trx
    .updateTable('domains')
    .set(dnsChange ? { updatedAt: now, dnsUpdatedAt: now } : { updatedAt: now })
    .where('id', '=', id)
    .where('deletedAt', 'is', null);
  if (ownerId !== null) query = query.where('userId', '=', ownerId);
  return query.returningAll().executeTakeFirst();
}

/** Changes settings of the domain; answers the row after. */
export const updateDomainSettings = (trx: Kysely<Database>, id: string, values: Updateable<DomainsTable>) =>
  trx.updateTable('domains').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** Whether a domain that is not deleted has this id (and, for `ownerId`, that owner). */
export async function editableDomainExists(db: Kysely<Database>, id: string, ownerId: string | null): Promise<boolean> {
  let query = db.selectFrom('domains').select('id').where('id', '=', id).where('deletedAt', 'is', null);
  if (ownerId !== null) query = query.where('userId', '=', ownerId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** How many DNS records the domain's zone holds. */
export async function dnsRecordCount(trx: Kysely<Database>, domainId: string): Promise<number> {
  const row = await trx
    .selectFrom('dnsRecords')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('domainId', '=', domainId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The zone's records in the editor's order: by name, type, then age. */
export const dnsRecordsOf = (db: Kysely<Database>, domainId: string) =>
  db
    .selectFrom('dnsRecords')
    .selectAll()
    .where('domainId', '=', domainId)
    .orderBy('name')
    .orderBy('type')
    .orderBy('createdAt')
    .execute();

/** The types of the zone's records at `name`, leaving out the record `exceptId` (the one being changed). */
export function recordTypesAt(
  trx: Kysely<Database>,
  domainId: string,
  name: string,
  exceptId?: string,
): Promise<{ type: DnsRecordRow['type'] }[]> {
  let query = trx.selectFrom('dnsRecords').select(['type']).where('domainId', '=', domainId).where('name', '=', name);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.execute();
}

/** What the zone-file import compares a file against: each record's type, name, value and priority. */
export const dnsRecordKeys = (trx: Kysely<Database>, domainId: string) =>
  trx.selectFrom('dnsRecords').select(['type', 'name', 'value', 'priority']).where('domainId', '=', domainId).execute();

export async function insertDnsRecord(trx: Kysely<Database>, row: Insertable<DnsRecordsTable>): Promise<void> {
  await trx.insertInto('dnsRecords').values(row).execute();
}

/** The record of the domain with this id, or undefined. */
export const findDnsRecord = (trx: Kysely<Database>, domainId: string, recordId: string) =>
  trx
    .selectFrom('dnsRecords')
    .selectAll()
    .where('id', '=', recordId)
    .where('domainId', '=', domainId)
    .executeTakeFirst();

/** Changes the record of the domain; answers the row after. */
export const updateDnsRecordRow = (
  trx: Kysely<Database>,
  domainId: string,
  recordId: string,
  values: Updateable<DnsRecordsTable>,
) =>
  trx
    .updateTable('dnsRecords')
    .set(values)
    .where('id', '=', recordId)
    .where('domainId', '=', domainId)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Deletes the record of the domain; answers the row deleted, or undefined when there was none. */
export const deleteDnsRecordRow = (trx: Kysely<Database>, domainId: string, recordId: string) =>
  trx
    .deleteFrom('dnsRecords')
    .where('id', '=', recordId)
    .where('domainId', '=', domainId)
    .returningAll()
    .executeTakeFirst();
