import type { AdminServer } from '@hostpilot/shared';
import type { ServerRow } from '../../db/schema';
import { driverView } from '../provisioning';
import { iso } from '../../lib/staff-list';

/** How the back office answers a server row; the columns it reads are queried by servers.repository.ts. */

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

/**
 * A server row with its extras (`serverExtras` of servers.repository.ts: its placed services, latest sample and node
 * reading), as the back office's API answers it.
 */
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
