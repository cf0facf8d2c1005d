import type { AdminServer } from '@hostpilot/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, ServerRow } from '../../db/schema';
import { driverView } from '../provisioning/connection-settings';
import { iso } from './list';

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

/** The columns a server is answered with besides its own: its placed services and latest sample. */
export const serverExtras = (eb: ExpressionBuilder<Database, 'servers'>) => [
  placedServices(eb).as('serviceCount'),
  latestSample(eb).as('latestSample'),
];

/** A server row with its extras, as the back office's API answers it. */
export function toAdminServer(
  row: ServerRow & { serviceCount: number | string | null; latestSample: string | null },
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
  };
}
