import type { AdminServer } from '@hostpilot/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, ServerRow } from '../../db/schema';
import { driverView } from '../provisioning';
import { iso } from '../../lib/staff-list';

/** Services placed on the server and not cancelled: what its capacity is used by, and what forbids deleting it. */
export const placedServices = (eb: ExpressionBuilder<Database, 'servers'>) =>
  eb
    .selectFrom('services')
    .select(eb.fn.countAll<number>().as('n'))
    .whereRef('services.serverId', '=', 'servers.id')
    .where('services.status', '!=', 'cancelled');

/** The latest usage sample of the server as one text: cpu,memory,storage,takenAt. */
export const latestSample = (eb: ExpressionBuilder<Database, 'servers'>) =>
  eb
    .selectFrom('serverUsageSamples')
    .select(sql<string>`cpu_percent || ',' || memory_percent || ',' || storage_percent || ',' || taken_at`.as('s'))
    .whereRef('serverUsageSamples.serverId', '=', 'servers.id')
    .orderBy('serverUsageSamples.takenAt', 'desc')
    .limit(1);

/** A web node's last reading by its agent (migration 0340), as one JSON text; null for other servers. */
export const nodeReading = (eb: ExpressionBuilder<Database, 'servers'>) =>
  eb
    .selectFrom('nodeMetrics')
    .select(
      sql<string>`'{"checkedAt":' || checked_at || ',"measuredAt":' || coalesce(cast(measured_at as text), 'null') || ',"metrics":' || coalesce(metrics, 'null') || '}'`.as(
        'n',
      ),
    )
    .whereRef('nodeMetrics.serverId', '=', 'servers.id');

/** The columns a server is answered with besides its own: its placed services, latest sample and node reading. */
export const serverExtras = (eb: ExpressionBuilder<Database, 'servers'>) => [
  placedServices(eb).as('serviceCount'),
  latestSample(eb).as('latestSample'),
  nodeReading(eb).as('nodeReading'),
  eb
    .selectFrom('nodeMetrics')
    .select('nodeMetrics.error')
    .whereRef('nodeMetrics.serverId', '=', 'servers.id')
    .as('nodeError'),
];

function toNode(text: string | null, error: string | null): AdminServer['node'] {
  if (!text) return null;
  const parsed = JSON.parse(text) as {
    checkedAt: number;
    measuredAt: number | null;
    metrics: { load?: [number, number, number]; cpus?: number } | null;
  };
  return {
    checkedAt: iso(parsed.checkedAt),
    measuredAt: parsed.measuredAt === null ? null : iso(parsed.measuredAt),
    error,
    loadAverage: parsed.metrics?.load ?? null,
    cpus: parsed.metrics?.cpus ?? null,
  };
}

/** A server row with its extras, as the back office's API answers it. */
export function toAdminServer(
  row: ServerRow & {
    serviceCount: number | string | null;
    latestSample: string | null;
    nodeReading?: string | null;
    nodeError?: string | null;
  },
): AdminServer {
  const sample = row.latestSample ? String(row.latestSample).split(',').map(Number) : null;
  return {
    id: row.id,
    name: row.name,
    location: row.location as AdminServer['location'],
    type: row.type,
    ip: row.ip,
    status: row.status,
    specs: {
      cpuModel: row.cpuModel,
      cpuCores: row.cpuCores,
      ramGb: row.ramGb,
      storageGb: row.storageGb,
      bandwidthGbps: row.bandwidthGbps,
    },
    capacity: row.capacity,
    services: Number(row.serviceCount ?? 0),
    load: sample
      ? { cpuPercent: sample[0]!, memoryPercent: sample[1]!, storagePercent: sample[2]!, sampledAt: iso(sample[3]!) }
      : null,
    driver: driverView(row),
    node: toNode(row.nodeReading ?? null, row.nodeError ?? null),
  };
}
