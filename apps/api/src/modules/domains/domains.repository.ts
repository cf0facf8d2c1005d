import type { adminDomainsQuerySchema, Domain, domainListQuerySchema } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database, DomainRow } from '../../db/schema';
import { contains, iso, isoOrNull, offsetOf, parseStringList } from '../../lib/listing';
import { contains as searchText } from '../../lib/search';
import { direction, OWNER_COLUMNS } from '../../lib/staff-list';

export type DomainQuery = z.output<typeof domainListQuerySchema>;

const SORT_COLUMNS = { name: 'name', expiresAt: 'expiresAt', registeredAt: 'registeredAt' } as const;

type DomainWithCount = DomainRow & { dnsRecordCount: number | string };

function toDomain(row: DomainWithCount): Domain {
  return {
    id: row.id,
    name: row.name,
    tld: row.tld,
    status: row.status,
    registeredAt: iso(row.registeredAt),
    expiresAt: iso(row.expiresAt),
    autoRenew: row.autoRenew === 1,
    transferLock: row.transferLock === 1,
    nameservers: parseStringList(row.nameservers),
    dnsRecordCount: Number(row.dnsRecordCount),
    dnsUpdatedAt: isoOrNull(row.dnsUpdatedAt),
    setup: row.setupState,
  };
}

/** A customer's domains and their DNS records. Every query filters by the owner. */
export function createDomainsRepository(db: Kysely<Database>) {
  function owned(userId: string) {
    return db
      .selectFrom('domains')
      .where('domains.userId', '=', userId)
      .where('domains.deletedAt', 'is', null)
      .selectAll('domains')
      .select((eb) =>
        eb
          .selectFrom('dnsRecords')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('dnsRecords.domainId', '=', 'domains.id')
          .as('dnsRecordCount'),
      );
  }

  return {
    async list(userId: string, query: DomainQuery): Promise<{ items: Domain[]; total: number }> {
      let base = db.selectFrom('domains').where('domains.userId', '=', userId).where('domains.deletedAt', 'is', null);
      if (query.status) base = base.where('status', '=', query.status);
      if (query.q) {
        const q = query.q;
        base = base.where((eb) => contains(eb.ref('name'), q));
      }
      let page = owned(userId);
      if (query.status) page = page.where('status', '=', query.status);
      if (query.q) {
        const q = query.q;
        page = page.where((eb) => contains(eb.ref('domains.name'), q));
      }
      const [rows, count] = await Promise.all([
        page
          .orderBy(`domains.${SORT_COLUMNS[query.sort]}`, query.order)
          .orderBy('domains.id', query.order)
          .limit(query.pageSize)
          .offset(offsetOf(query))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map((r) => toDomain(r as DomainWithCount)), total: Number(count.n) };
    },

    /** The owner's domain (not deleted) as the list shows it, and its records by type, name and id. */
    async find(userId: string, id: string) {
      const row = await owned(userId).where('domains.id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const records = await db
        .selectFrom('dnsRecords')
        .selectAll()
        .where('domainId', '=', row.id)
        .orderBy('type')
        .orderBy('name')
        .orderBy('id')
        .execute();
      return { domain: toDomain(row as DomainWithCount), dsRecords: row.dsRecords, records };
    },
  };
}

type AdminListQuery = z.output<typeof adminDomainsQuerySchema>;

const ADMIN_DOMAIN_SORT = {
  name: 'domains.name',
  registeredAt: 'domains.registeredAt',
  expiresAt: 'domains.expiresAt',
  status: 'domains.status',
} as const;

/**
 * The domains the back office's list and its export match (docs/decisions/033-hosting-and-domain-administration.md):
 * its search runs over the owner too, in one statement with the owner's `users` row (decision 025's query plans).
 */
export function adminDomainsMatching(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: Pick<AdminListQuery, 'q' | 'status' | 'tld'>,
) {
  let filtered = db
    .selectFrom('domains')
    .innerJoin('users', 'users.id', 'domains.userId')
    .where('domains.deletedAt', 'is', null);
  if (query.status !== undefined) filtered = filtered.where('domains.status', '=', query.status);
  if (query.tld !== undefined) filtered = filtered.where('domains.tld', '=', query.tld);
  if (query.q !== undefined) {
    const q = query.q;
    filtered = filtered.where((eb) =>
      eb.or([searchText(kind, 'domains', 'domains', q), searchText(kind, 'users', 'users', q)]),
    );
  }
  return filtered;
}

/** How many domains the back office's search matches. */
export const countAdminDomains = (
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: Pick<AdminListQuery, 'q' | 'status' | 'tld'>,
) =>
  adminDomainsMatching(db, kind, query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();

/** One page of the domains a search matches, in the list's order, with their owner and DNS record count. */
export const adminDomainsPage =
  (db: Kysely<Database>, kind: DatabaseKind, query: Pick<AdminListQuery, 'q' | 'status' | 'tld' | 'sort' | 'order'>) =>
  (limit: number, offset: number) =>
    adminDomainsMatching(db, kind, query)
      .select([
        'domains.id',
        'domains.name',
        'domains.tld',
        'domains.status',
        'domains.registeredAt',
        'domains.expiresAt',
        'domains.autoRenew',
        'domains.transferLock',
        'domains.nameservers',
        'domains.dnsUpdatedAt',
        ...OWNER_COLUMNS,
      ])
      .select((eb) =>
        eb
          .selectFrom('dnsRecords')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('dnsRecords.domainId', '=', 'domains.id')
          .as('dnsCount'),
      )
      .orderBy(ADMIN_DOMAIN_SORT[query.sort], direction(query.order))
      .orderBy('domains.id')
      .limit(limit)
      .offset(offset)
      .execute();

/** The domain row locked for a staff change (Postgres; SQLite runs one writer at a time); a deleted one is gone. */
export function lockedDomain(trx: Kysely<Database>, id: string, kind: DatabaseKind) {
  const query = trx.selectFrom('domains').selectAll().where('id', '=', id).where('deletedAt', 'is', null);
  return (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The domain as the back office shows it, with its owner's `users` row (as the list reads it) and its record count. */
export const findAdminDomainRow = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('domains')
    .innerJoin('users', 'users.id', 'domains.userId')
    .selectAll('domains')
    .select(['users.firstName', 'users.lastName', 'users.email'])
    .select((eb) =>
      eb
        .selectFrom('dnsRecords')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('dnsRecords.domainId', '=', 'domains.id')
        .as('dnsCount'),
    )
    .where('domains.id', '=', id)
    .executeTakeFirstOrThrow();

/** The DNSSEC DS records the registry holds for the domain, as stored; undefined when there is no such domain. */
export const domainDsRecords = (db: Kysely<Database>, id: string) =>
  db.selectFrom('domains').select('dsRecords').where('id', '=', id).executeTakeFirst();

/** Whether a domain has this id (deleted or not). */
export const domainIdExists = async (db: Kysely<Database>, id: string): Promise<boolean> =>
  (await db.selectFrom('domains').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/**
 * Starts a transfer out while the domain is still active and unlocked: stores the code's hash and stops auto-renew.
 * Answers whether it did.
 */
export async function markTransferring(
  trx: Kysely<Database>,
  id: string,
  change: { transferCodeHash: string; now: number },
): Promise<boolean> {
  const changed = await trx
    .updateTable('domains')
    .set({ status: 'transferring', transferCodeHash: change.transferCodeHash, autoRenew: 0, updatedAt: change.now })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('transferLock', '=', 0)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

/** Deletes the domain's DNS records; answers the rows deleted. */
export const deleteDnsRecordsOf = (trx: Kysely<Database>, domainId: string) =>
  trx.deleteFrom('dnsRecords').where('domainId', '=', domainId).returningAll().execute();

/** Marks the domain deleted and hidden, keeping the row that accounting names. */
export async function hideDeletedDomain(trx: Kysely<Database>, id: string, now: number): Promise<void> {
  await trx
    .updateTable('domains')
    .set({ deletedAt: now, autoRenew: 0, transferCodeHash: null, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** Removes the domain row. */
export async function deleteDomainRow(trx: Kysely<Database>, id: string): Promise<void> {
  await trx.deleteFrom('domains').where('id', '=', id).execute();
}

/** The owners of the domains (not deleted) named one of `names`. */
export const ownersOfDomainsNamed = (trx: Kysely<Database>, names: string[]) =>
  trx.selectFrom('domains').select('userId').where('name', 'in', names).where('deletedAt', 'is', null).execute();

/** The owner's domain (not deleted) named `name`, or undefined. */
export const findOwnDomainNamed = (trx: Kysely<Database>, userId: string, name: string) =>
  trx
    .selectFrom('domains')
    .select('id')
    .where('name', '=', name)
    .where('userId', '=', userId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
