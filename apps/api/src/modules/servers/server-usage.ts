import type { AdminServerUsage, ServerUsageRange } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/not-found';
import { findServerId, usageSamplesSince } from './servers.repository';

const HOUR = 60 * 60 * 1000;

/** Each range's span and the width of one point of the chart. */
const RANGES = {
  '24h': { span: 24 * HOUR, bucket: HOUR / 4 },
  '7d': { span: 7 * 24 * HOUR, bucket: HOUR },
} as const;

/**
 * The server's usage samples over the last day or week, averaged per point (15 minutes, or an hour), for the
 * Monitor chart (docs/decisions/035-support-queue-and-operations.md). NOT_FOUND for an unknown server.
 */
export async function readServerUsage(
  db: Kysely<Database>,
  clock: Clock,
  id: string,
  range: ServerUsageRange,
): Promise<AdminServerUsage> {
  const server = await findServerId(db, id);
  if (!server) throw notFound('Server');
  const { span, bucket } = RANGES[range];
  const rows = await usageSamplesSince(db, server.id, clock.now() - span);
  const buckets = new Map<number, (typeof rows)[number][]>();
  for (const row of rows) {
    const key = Math.floor(Number(row.takenAt) / bucket) * bucket;
    const list = buckets.get(key);
    if (list) list.push(row);
    else buckets.set(key, [row]);
  }
  const average = (list: (typeof rows)[number][], pick: (row: (typeof rows)[number]) => number) =>
    Math.round((list.reduce((sum, row) => sum + Number(pick(row)), 0) / list.length) * 10) / 10;
  return {
    serverId: server.id,
    range,
    samples: [...buckets.entries()].map(([key, list]) => ({
      takenAt: new Date(key).toISOString(),
      cpuPercent: average(list, (r) => r.cpuPercent),
      memoryPercent: average(list, (r) => r.memoryPercent),
      storagePercent: average(list, (r) => r.storagePercent),
      bandwidthPercent: average(list, (r) => r.bandwidthPercent),
      up: list.every((r) => Number(r.up) === 1),
    })),
  };
}
