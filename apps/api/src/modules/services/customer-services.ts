import {
  type CustomerServer,
  DEDICATED_PLANS,
  GAME_PLANS,
  SERVER_SERVICE_KINDS,
  VDS_PLANS,
  dataSizeMb,
  findServicePlan,
  type HostingService,
  type Service,
  type ServerSummary,
  UNLIMITED,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, ServiceRow } from '../../db/schema';
import { iso, isoOrNull, money } from '../../lib/listing';
import { orderChoicesOf } from '../ordering';
import { servicesOnWebNodes } from '../provisioning';
import { serverDriverTypes, serverMachines, serverSummaries } from '../servers';
import {
  createServicesRepository,
  type HostingQuery,
  type ServerQuery,
  type ServiceQuery,
  type ServiceUsageRow,
} from './services.repository';

/**
 * The signed-in customer's own services (docs/decisions/012-data-model.md): hosting with what the web nodes
 * measured, game servers, VDS and dedicated servers with their machine, and the other services, each with the state
 * of its server. The servers, order lines and provisioning tasks behind them are read through their modules.
 */

/** The storage and monthly traffic a server plan comes with, in MB (null: unlimited or not stated). */
function serverPlanSizes(kind: CustomerServer['kind'], planId: string) {
  const specs =
    kind === 'game'
      ? GAME_PLANS.find((plan) => plan.id === planId)?.specs
      : (kind === 'vds' ? VDS_PLANS : DEDICATED_PLANS).find((plan) => plan.id === planId)?.specs;
  const bandwidth = specs && 'bandwidth' in specs && specs.bandwidth !== UNLIMITED ? specs.bandwidth : null;
  return { storageMb: specs ? dataSizeMb(specs.storage) : null, bandwidthMb: bandwidth ? dataSizeMb(bandwidth) : null };
}

const MIB = 1024 * 1024;
const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

type Measurement = ServiceUsageRow & { driverType: string | null; onNode: boolean };

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
 * What the web nodes measured of these services, and whether each is on a web node at all: its server's driver
 * is the web node's, or a web-node task made it (docs/decisions/058-usage-and-limits.md).
 */
async function measurements(db: Kysely<Database>, rows: ServiceRow[]): Promise<Map<string, Measurement>> {
  const ids = rows.filter((r) => r.kind === 'hosting').map((r) => r.id);
  if (ids.length === 0) return new Map();
  const found = await createServicesRepository(db).usageOf(ids);
  const [drivers, onNodes] = await Promise.all([
    serverDriverTypes(
      db,
      found.flatMap((m) => (m.serverId ? [m.serverId] : [])),
    ),
    servicesOnWebNodes(db, ids),
  ]);
  return new Map(
    found.map((m) => [
      m.id,
      { ...m, driverType: m.serverId ? (drivers.get(m.serverId) ?? null) : null, onNode: onNodes.has(m.id) },
    ]),
  );
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
  const pending = found?.driverType === 'web-node' || Boolean(found?.onNode);
  return {
    ...base,
    storage: { usedMb: pending ? 0 : row.storageUsedMb, totalMb: storageTotal },
    bandwidth: { usedMb: pending ? 0 : row.bandwidthUsedMb, totalMb: bandwidthTotal },
    measurement: pending ? 'pending' : 'estimated',
    measured: null,
  };
}

/** Servers with the address of their machine and what their order line chose. */
async function toServers(db: Kysely<Database>, rows: ServiceRow[], now: number): Promise<CustomerServer[]> {
  const machineIds = [...new Set(rows.flatMap((r) => (r.serverId ? [r.serverId] : [])))];
  const [servers, machines, choices] = await Promise.all([
    serverSummaries(db, machineIds, now),
    serverMachines(db, machineIds),
    orderChoicesOf(
      db,
      rows.map((r) => r.id),
    ),
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

const serverIdsOf = (rows: ServiceRow[]) => rows.flatMap((r) => (r.serverId ? [r.serverId] : []));

/** The customer's game servers, VDS and dedicated servers (decision 053). */
export async function listOwnServers(db: Kysely<Database>, userId: string, query: ServerQuery, now: number) {
  const kinds = query.kind ? [query.kind] : SERVER_SERVICE_KINDS;
  const { rows, total } = await createServicesRepository(db).list(userId, query, kinds, query.status);
  return { items: await toServers(db, rows, now), total };
}

export async function ownServer(
  db: Kysely<Database>,
  userId: string,
  id: string,
  now: number,
): Promise<CustomerServer | undefined> {
  const row = await createServicesRepository(db).find(userId, id, { in: SERVER_SERVICE_KINDS });
  if (!row) return undefined;
  return (await toServers(db, [row], now))[0];
}

export async function listOwnHosting(db: Kysely<Database>, userId: string, query: HostingQuery, now: number) {
  const { rows, total } = await createServicesRepository(db).list(userId, query, ['hosting'], query.status);
  const [servers, measured] = await Promise.all([serverSummaries(db, serverIdsOf(rows), now), measurements(db, rows)]);
  return { items: rows.map((r) => toHosting(r, servers, measured, now)), total };
}

export async function ownHosting(
  db: Kysely<Database>,
  userId: string,
  id: string,
  now: number,
): Promise<HostingService | undefined> {
  const row = await createServicesRepository(db).find(userId, id, { in: ['hosting'] });
  if (!row) return undefined;
  const [servers, measured] = await Promise.all([
    serverSummaries(db, serverIdsOf([row]), now),
    measurements(db, [row]),
  ]);
  return toHosting(row, servers, measured, now);
}

/** The customer's other services (game, VDS, dedicated and extras), as the services list shows them. */
export async function listOwnOtherServices(db: Kysely<Database>, userId: string, query: ServiceQuery, now: number) {
  const kinds = query.kind ? [query.kind] : ['game', 'vds', 'dedicated', 'extra'];
  const { rows, total } = await createServicesRepository(db).list(userId, query, kinds, query.status);
  const servers = await serverSummaries(db, serverIdsOf(rows), now);
  return { items: rows.map((r) => toService(r, servers)), total };
}

export async function ownOtherService(
  db: Kysely<Database>,
  userId: string,
  id: string,
  now: number,
): Promise<Service | undefined> {
  const row = await createServicesRepository(db).find(userId, id, { except: 'hosting' });
  if (!row) return undefined;
  return toService(row, await serverSummaries(db, serverIdsOf([row]), now));
}
