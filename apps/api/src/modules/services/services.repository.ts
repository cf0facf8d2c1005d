import {
  type adminServicesQuerySchema,
  type customerServerListQuerySchema,
  type HostingListQuery,
  type hostingListQuerySchema,
  type serviceListQuerySchema,
} from '@hostpilot/shared';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import { SERVED_STATUSES } from './addon-domains.repository';
import type { DatabaseKind } from '../../db/index';
import type { Database, ServiceRow, ServicesTable } from '../../db/schema';
import { contains, offsetOf } from '../../lib/listing';
import { contains as searchText } from '../../lib/search';
import { direction } from '../../lib/staff-list';
import { ADMIN_SERVICE_COLUMNS } from './service-rows';

export type HostingQuery = z.output<typeof hostingListQuerySchema>;
export type ServiceQuery = z.output<typeof serviceListQuerySchema>;
export type ServerQuery = z.output<typeof customerServerListQuerySchema>;

export type { HostingListQuery };

const SORT_COLUMNS = { createdAt: 'createdAt', expiresAt: 'expiresAt', name: 'name' } as const;

/** What the web nodes measured of a hosting service (docs/decisions/058-usage-and-limits.md), with its server. */
export interface ServiceUsageRow {
  id: string;
  serverId: string | null;
  measuredAt: number | null;
  diskBytes: number | null;
  bandwidthBytes: number | null;
  bandwidthMonth: string | null;
  databases: number | null;
  storageLimitBytes: number | null;
  databaseLimit: number | null;
  domainLimit: number | null;
  addonDomains: unknown;
}

/** A customer's services (docs/decisions/012-data-model.md). Every query filters by the owner. */
export function createServicesRepository(db: Kysely<Database>) {
  function owned(userId: string) {
    return db.selectFrom('services').where('services.userId', '=', userId);
  }

  return {
    /** A page of the owner's services of these kinds (and status), and how many match. */
    async list(
      userId: string,
      query: { page: number; pageSize: number; sort: keyof typeof SORT_COLUMNS; order: 'asc' | 'desc'; q?: string },
      kinds: readonly string[],
      status: string | undefined,
    ): Promise<{ rows: ServiceRow[]; total: number }> {
      let base = owned(userId).where('kind', 'in', kinds as ServiceRow['kind'][]);
      if (status) base = base.where('status', '=', status as ServiceRow['status']);
      if (query.q) {
        const q = query.q;
        base = base.where((eb) => eb.or([contains(eb.ref('name'), q), contains(eb.ref('domain'), q)]));
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy(SORT_COLUMNS[query.sort], query.order)
          .orderBy('id', query.order)
          .limit(query.pageSize)
          .offset(offsetOf(query))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** The owner's service with this id among `kinds` (or, with `except`, of any other kind); undefined otherwise. */
    find(userId: string, id: string, kinds: { in: readonly ServiceRow['kind'][] } | { except: ServiceRow['kind'] }) {
      const query = owned(userId).selectAll().where('id', '=', id);
      return (
        'in' in kinds ? query.where('kind', 'in', [...kinds.in]) : query.where('kind', '<>', kinds.except)
      ).executeTakeFirst();
    },

    /** What the web nodes measured of these services, and their addon domains served or being added. */
    usageOf(ids: string[]): Promise<ServiceUsageRow[]> {
      return db
        .selectFrom('services')
        .leftJoin('serviceUsage', 'serviceUsage.serviceId', 'services.id')
        .select((eb) => [
          'services.id',
          'services.serverId',
          'serviceUsage.measuredAt',
          'serviceUsage.diskBytes',
          'serviceUsage.bandwidthBytes',
          'serviceUsage.bandwidthMonth',
          'serviceUsage.databases',
          'serviceUsage.storageLimitBytes',
          'serviceUsage.databaseLimit',
          'serviceUsage.domainLimit',
          // Its addon domains served or being added (docs/decisions/069-addon-domains.md), with the main one.
          eb
            .selectFrom('serviceDomains')
            .select((inner) => inner.fn.countAll<string>().as('count'))
            .whereRef('serviceDomains.serviceId', '=', 'services.id')
            .where('serviceDomains.status', 'in', SERVED_STATUSES)
            .as('addonDomains'),
        ])
        .where('services.id', 'in', ids)
        .execute();
    },
  };
}

export type ServicesRepository = ReturnType<typeof createServicesRepository>;

type AdminListQuery = z.output<typeof adminServicesQuerySchema>;

const SERVICE_SORT = {
  createdAt: 'services.createdAt',
  expiresAt: 'services.expiresAt',
  domain: 'services.domain',
  status: 'services.status',
} as const;

/**
 * The services the back office's list and its export match (docs/decisions/033-hosting-and-domain-administration.md):
 * its search runs over the owner too, in one statement with the owner's `users` row (decision 025's query plans).
 */
export function adminServicesMatching(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: Pick<AdminListQuery, 'q' | 'kind' | 'status'>,
) {
  let filtered = db.selectFrom('services').innerJoin('users', 'users.id', 'services.userId');
  if (query.kind !== undefined) filtered = filtered.where('services.kind', '=', query.kind);
  if (query.status !== undefined) filtered = filtered.where('services.status', '=', query.status);
  if (query.q !== undefined) {
    const q = query.q;
    filtered = filtered.where((eb) =>
      eb.or([searchText(kind, 'services', 'services', q), searchText(kind, 'users', 'users', q)]),
    );
  }
  return filtered;
}

/** How many services the back office's search matches. */
export const countAdminServices = (
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: Pick<AdminListQuery, 'q' | 'kind' | 'status'>,
) =>
  adminServicesMatching(db, kind, query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();

/** One page of the services a search matches, in the list's order, with what the list and its export show. */
export const adminServicesPage =
  (db: Kysely<Database>, kind: DatabaseKind, query: Pick<AdminListQuery, 'q' | 'kind' | 'status' | 'sort' | 'order'>) =>
  (limit: number, offset: number) =>
    adminServicesMatching(db, kind, query)
      .leftJoin('servers', 'servers.id', 'services.serverId')
      .select(ADMIN_SERVICE_COLUMNS)
      .orderBy(SERVICE_SORT[query.sort], (ob) => ob[direction(query.order)]().nullsLast())
      .orderBy('services.id')
      .limit(limit)
      .offset(offset)
      .execute();

/** The owner's hosting service with what its site's databases need; undefined when it is not theirs. */
export const findOwnHostingService = (db: Kysely<Database>, userId: string, serviceId: string) =>
  db
    .selectFrom('services')
    .select(['id', 'kind', 'planId', 'status', 'domain', 'serverId'])
    .where('id', '=', serviceId)
    .where('userId', '=', userId)
    .where('kind', '=', 'hosting')
    .executeTakeFirst();

/** The owner's service with what its certificate's rules need; undefined when it is not theirs. */
export const findOwnServiceState = (db: Kysely<Database>, userId: string, serviceId: string) =>
  db
    .selectFrom('services')
    .select(['id', 'kind', 'planId', 'status', 'cancelRequestedAt', 'domain'])
    .where('id', '=', serviceId)
    .where('userId', '=', userId)
    .executeTakeFirst();

/** A service row locked for a staff change (Postgres; SQLite runs one writer at a time). */
export function lockedService(trx: Kysely<Database>, id: string, kind: DatabaseKind) {
  const query = trx.selectFrom('services').selectAll().where('id', '=', id);
  return (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The service as the back office shows it, with its owner's `users` row and its server, as the list reads them. */
export const findAdminServiceRow = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('services')
    .innerJoin('users', 'users.id', 'services.userId')
    .leftJoin('servers', 'servers.id', 'services.serverId')
    .select(ADMIN_SERVICE_COLUMNS)
    .where('services.id', '=', id)
    .executeTakeFirstOrThrow();

/** Whether a service has this id. */
export const serviceIdExists = async (db: Kysely<Database>, id: string): Promise<boolean> =>
  (await db.selectFrom('services').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export const insertService = (trx: Kysely<Database>, values: Insertable<ServicesTable>) =>
  trx.insertInto('services').values(values).execute();

/**
 * Changes a service only while it still has the status (and, when given, the `updatedAt`) it was read with;
 * answers whether it did.
 */
export async function updateServiceIfUnchanged(
  trx: Kysely<Database>,
  id: string,
  seen: { status: ServiceRow['status']; updatedAt?: number },
  values: Updateable<ServicesTable>,
): Promise<boolean> {
  let update = trx.updateTable('services').set(values).where('id', '=', id).where('status', '=', seen.status);
  if (seen.updatedAt !== undefined) update = update.where('updatedAt', '=', seen.updatedAt);
  const changed = await update.executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}
