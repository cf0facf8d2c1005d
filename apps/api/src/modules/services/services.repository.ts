import {
  type adminServicesQuerySchema,
  type CustomerServer,
  type customerServerListQuerySchema,
  DEDICATED_PLANS,
  GAME_PLANS,
  SERVER_SERVICE_KINDS,
  VDS_PLANS,
  dataSizeMb,
  findServicePlan,
  type HostingListQuery,
  type HostingService,
  type hostingListQuerySchema,
  type Service,
  type serviceListQuerySchema,
  type ServerSummary,
  UNLIMITED,
} from '@hostpilot/shared';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import { SERVED_STATUSES } from './addon-domains.repository';
import type { DatabaseKind } from '../../db/index';
import type { Database, ServiceRow, ServicesTable } from '../../db/schema';
import { contains, iso, isoOrNull, money, offsetOf } from '../../lib/listing';
import { contains as searchText } from '../../lib/search';
import { direction } from '../../lib/staff-list';
import { ADMIN_SERVICE_COLUMNS } from './service-rows';

export type HostingQuery = z.output<typeof hostingListQuerySchema>;
export type ServiceQuery = z.output<typeof serviceListQuerySchema>;
export type ServerQuery = z.output<typeof customerServerListQuerySchema>;

/** The storage and monthly traffic a server plan comes with, in MB (null: unlimited or not stated). */
function serverPlanSizes(kind: CustomerServer['kind'], planId: string) {
  const specs =
    kind === 'game'
      ? GAME_PLANS.find((plan) => plan.id === planId)?.specs
      : (kind === 'vds' ? VDS_PLANS : DEDICATED_PLANS).find((plan) => plan.id === planId)?.specs;
  const bandwidth = specs && 'bandwidth' in specs && specs.bandwidth !== UNLIMITED ? specs.bandwidth : null;
  return { storageMb: specs ? dataSizeMb(specs.storage) : null, bandwidthMb: bandwidth ? dataSizeMb(bandwidth) : null };
}
export type { HostingListQuery };

const MIB = 1024 * 1024;
const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

interface Measurement {
  driverType: string | null;
  onNode: unknown;
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

const SORT_COLUMNS = { createdAt: 'createdAt', expiresAt: 'expiresAt', name: 'name' } as const;
const DAY = 24 * 60 * 60 * 1000;
/** How far back a server's uptime is measured. */
const UPTIME_WINDOW = 30 * DAY;

/** A customer's services (docs/decisions/012-data-model.md). Every query filters by the owner. */
export function createServicesRepository(db: Kysely<Database>) {
  function owned(userId: string) {
    return db.selectFrom('services').where('services.userId', '=', userId);
  }

  async function list(
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
  }

  /** The state of each server: its latest load sample and its uptime over the last 30 days. */
  async function serverSummaries(serverIds: string[], now: number): Promise<Map<string, ServerSummary>> {
    const ids = [...new Set(serverIds)];
    const result = new Map<string, ServerSummary>();
    if (ids.length === 0) return result;
    const servers = await db.selectFrom('servers').selectAll().where('id', 'in', ids).execute();
    await Promise.all(
      servers.map(async (server) => {
        const [latest, uptime] = await Promise.all([
          db
            .selectFrom('serverUsageSamples')
            .select(['cpuPercent', 'memoryPercent', 'takenAt'])
            .where('serverId', '=', server.id)
            .orderBy('takenAt', 'desc')
            .limit(1)
            .executeTakeFirst(),
          db
            .selectFrom('serverUsageSamples')
            .select((eb) => [eb.fn.countAll<number>().as('samples'), eb.fn.sum<number>('up').as('up')])
            .where('serverId', '=', server.id)
            .where('takenAt', '>=', now - UPTIME_WINDOW)
            .executeTakeFirstOrThrow(),
        ]);
        const samples = Number(uptime.samples);
        result.set(server.id, {
          id: server.id,
          name: server.name,
          location: server.location,
          type: server.type,
          status: server.status,
          load: latest
            ? { cpuPercent: latest.cpuPercent, memoryPercent: latest.memoryPercent, sampledAt: iso(latest.takenAt) }
            : null,
          uptimePercent: samples > 0 ? Math.round((Number(uptime.up) / samples) * 1000) / 10 : null,
        });
      }),
    );
    return result;
  }

  function toService(row: ServiceRow, servers: Map<string, ServerSummary>): Service {
    const plan = findServicePlan(row.kind, row.planId);
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      plan: { id: row.planId, name: plan?.name ?? row.planId },
      domain: row.domain,
      status: row.status,
      suspensionReason: row.suspensionReason,
      price: money(row.priceCents, row.currency),
      billingPeriod: row.billingPeriod,
      expiresAt: iso(row.expiresAt),
      autoRenew: row.autoRenew === 1,
      cancelRequestedAt: isoOrNull(row.cancelRequestedAt),
      pendingPlan: row.pendingPlanId
        ? { id: row.pendingPlanId, name: findServicePlan(row.kind, row.pendingPlanId)?.name ?? row.pendingPlanId }
        : null,
      createdAt: iso(row.createdAt),
      server: row.serverId ? (servers.get(row.serverId) ?? null) : null,
      setup: row.status === 'cancelled' ? null : row.setupState,
    };
  }

  /**
   * What the web nodes measured of these services, and whether each is on a web node at all
   * (docs/decisions/058-usage-and-limits.md).
   */
  async function measurements(rows: ServiceRow[]): Promise<Map<string, Measurement>> {
    const ids = rows.filter((r) => r.kind === 'hosting').map((r) => r.id);
    if (ids.length === 0) return new Map();
    const found = await db
      .selectFrom('services')
      .leftJoin('servers', 'servers.id', 'services.serverId')
      .leftJoin('serviceUsage', 'serviceUsage.serviceId', 'services.id')
      .select((eb) => [
        'services.id',
        'servers.driverType',
        // A site made on a web node (by the engine's fallback when its own server has no driver) is on one too.
        eb
          .exists(
            eb
              .selectFrom('provisioningTasks')
              .select('provisioningTasks.id')
              .whereRef('provisioningTasks.resourceId', '=', 'services.id')
              .where('provisioningTasks.resourceType', '=', 'service')
              .where('provisioningTasks.driverType', '=', 'web-node'),
          )
          .as('onNode'),
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
    return new Map(found.map((m) => [m.id, m]));
  }

  function toHosting(
    row: ServiceRow,
    servers: Map<string, ServerSummary>,
    measured: Map<string, Measurement>,
    now: number,
  ): HostingService {
    const plan = findServicePlan('hosting', row.planId);
    const storageTotal = plan?.storage ? dataSizeMb(plan.storage) : null;
    const bandwidthTotal = plan?.bandwidth && plan.bandwidth !== UNLIMITED ? dataSizeMb(plan.bandwidth) : null;
    const found = measured.get(row.id);
    const base = { ...toService(row, servers), kind: 'hosting' as const };
    if (found && found.measuredAt !== null) {
      // Traffic measured in an earlier month is not this month's.
      const bandwidthBytes = found.bandwidthMonth === monthOf(now) ? Number(found.bandwidthBytes) : 0;
      const diskBytes = Number(found.diskBytes);
      const storageLimitBytes = Number(found.storageLimitBytes);
      return {
        ...base,
        storage: { usedMb: Math.ceil(diskBytes / MIB), totalMb: storageTotal },
        bandwidth: { usedMb: Math.ceil(bandwidthBytes / MIB), totalMb: bandwidthTotal },
        measurement: 'measured',
        measured: {
          measuredAt: iso(found.measuredAt),
          diskBytes,
          bandwidthBytes,
          storageLimitBytes,
          overQuota: diskBytes > storageLimitBytes,
          databases: { used: Number(found.databases), limit: Number(found.databaseLimit) },
          domains: { used: 1 + Number(found.addonDomains ?? 0), limit: Number(found.domainLimit) },
        },
      };
    }
    // On a web node but not measured yet: nothing generated is shown for it.
    const pending = found?.driverType === 'web-node' || Boolean(Number(found?.onNode ?? 0));
    return {
      ...base,
      storage: { usedMb: pending ? 0 : row.storageUsedMb, totalMb: storageTotal },
      bandwidth: { usedMb: pending ? 0 : row.bandwidthUsedMb, totalMb: bandwidthTotal },
      measurement: pending ? 'pending' : 'estimated',
      measured: null,
    };
  }

  /** The data centre and game of each server service, as its order line chose them. */
  async function orderChoices(serviceIds: string[]) {
    const choices = new Map<string, { location: string | null; game: string | null }>();
    if (serviceIds.length === 0) return choices;
    const lines = await db
      .selectFrom('orderLines')
      .select(['serviceId', 'location', 'game'])
      .where('serviceId', 'in', serviceIds)
      .execute();
    for (const line of lines)
      if (line.serviceId) choices.set(line.serviceId, { location: line.location, game: line.game });
    return choices;
  }

  /** Servers with the address of their machine: one query for the page's machines, one for their order lines. */
  async function toServers(rows: ServiceRow[], now: number): Promise<CustomerServer[]> {
    const machineIds = [...new Set(rows.flatMap((r) => (r.serverId ? [r.serverId] : [])))];
    const [servers, machines, choices] = await Promise.all([
      serverSummaries(machineIds, now),
      machineIds.length > 0
        ? db.selectFrom('servers').select(['id', 'ip', 'name', 'location']).where('id', 'in', machineIds).execute()
        : Promise.resolve([]),
      orderChoices(rows.map((r) => r.id)),
    ]);
    const machine = new Map(machines.map((m) => [m.id, m]));
    return rows.map((row) => {
      const kind = row.kind as CustomerServer['kind'];
      const placed = row.serverId ? machine.get(row.serverId) : undefined;
      const sizes = serverPlanSizes(kind, row.planId);
      const chosen = choices.get(row.id);
      return {
        ...toService(row, servers),
        kind,
        access: placed && row.status !== 'cancelled' ? { ipAddress: placed.ip, hostName: placed.name } : null,
        location: chosen?.location ?? placed?.location ?? null,
        game: chosen?.game ?? null,
        usage: {
          cpuPercent: row.cpuPercent,
          memoryPercent: row.memoryPercent,
          storage: { usedMb: row.storageUsedMb, totalMb: sizes.storageMb },
          bandwidth: { usedMb: row.bandwidthUsedMb, totalMb: sizes.bandwidthMb },
        },
      };
    });
  }

  return {
    /** The customer's game servers, VDS and dedicated servers (decision 053). */
    async listServers(userId: string, query: ServerQuery, now: number) {
      const kinds = query.kind ? [query.kind] : SERVER_SERVICE_KINDS;
      const { rows, total } = await list(userId, query, kinds, query.status);
      return { items: await toServers(rows, now), total };
    },

    async findServer(userId: string, id: string, now: number): Promise<CustomerServer | undefined> {
      const row = await owned(userId)
        .selectAll()
        .where('id', '=', id)
        .where('kind', 'in', [...SERVER_SERVICE_KINDS])
        .executeTakeFirst();
      if (!row) return undefined;
      return (await toServers([row], now))[0];
    },

    async listHosting(userId: string, query: HostingQuery, now: number) {
      const { rows, total } = await list(userId, query, ['hosting'], query.status);
      const [servers, measured] = await Promise.all([
        serverSummaries(
          rows.flatMap((r) => (r.serverId ? [r.serverId] : [])),
          now,
        ),
        measurements(rows),
      ]);
      return { items: rows.map((r) => toHosting(r, servers, measured, now)), total };
    },

    async findHosting(userId: string, id: string, now: number): Promise<HostingService | undefined> {
      const row = await owned(userId).selectAll().where('id', '=', id).where('kind', '=', 'hosting').executeTakeFirst();
      if (!row) return undefined;
      const [servers, measured] = await Promise.all([
        serverSummaries(row.serverId ? [row.serverId] : [], now),
        measurements([row]),
      ]);
      return toHosting(row, servers, measured, now);
    },

    async listOther(userId: string, query: ServiceQuery, now: number) {
      const kinds = query.kind ? [query.kind] : ['game', 'vds', 'dedicated', 'extra'];
      const { rows, total } = await list(userId, query, kinds, query.status);
      const servers = await serverSummaries(
        rows.flatMap((r) => (r.serverId ? [r.serverId] : [])),
        now,
      );
      return { items: rows.map((r) => toService(r, servers)), total };
    },

    async findOther(userId: string, id: string, now: number): Promise<Service | undefined> {
      const row = await owned(userId)
        .selectAll()
        .where('id', '=', id)
        .where('kind', '<>', 'hosting')
        .executeTakeFirst();
      if (!row) return undefined;
      return toService(row, await serverSummaries(row.serverId ? [row.serverId] : [], now));
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
