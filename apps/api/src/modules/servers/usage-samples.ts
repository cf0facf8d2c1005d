import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { deleteServerSamplesBefore, insertServerSamples, serversMeasuredByLoad } from './usage-samples.repository';

/**
 * Records each server's usage now (docs/decisions/035-support-queue-and-operations.md) and drops samples taken
 * before `keepFrom`, for the scheduler's server-samples job (docs/decisions/056-module-shape.md). A server with no
 * agent gives no figures, so its samples are the placement load: the share of the server's capacity its running
 * services take (`running`, by server id, from the services module), scaled per resource; a server in maintenance
 * counts as down. A web node (the web-node driver) is measured by the usage collection instead and gets no
 * generated sample (docs/decisions/058-usage-and-limits.md). Answers how many samples it wrote.
 */
export async function sampleServersByLoad(
  db: Kysely<Database>,
  sample: { now: number; running: ReadonlyMap<string, number>; keepFrom: number },
): Promise<number> {
  const servers = await serversMeasuredByLoad(db);
  const percent = (value: number) => Math.max(0, Math.min(100, Math.round(value)));
  const rows = servers.map((server) => {
    const load = server.capacity > 0 ? (sample.running.get(server.id) ?? 0) / server.capacity : 0;
    return {
      serverId: server.id,
      takenAt: sample.now,
      // A server full to its capacity runs at about 60-65 %; only one over it crosses the alert limit of 90 %
      // (docs/decisions/048-operator-journeys.md).
      cpuPercent: percent(5 + load * 55),
      memoryPercent: percent(10 + load * 55),
      storagePercent: percent(5 + load * 60),
      bandwidthPercent: percent(load * 45),
      up: server.status === 'active' ? 1 : 0,
    };
  });
  if (rows.length > 0) await insertServerSamples(db, rows);
  await deleteServerSamplesBefore(db, sample.keepFrom);
  return rows.length;
}
