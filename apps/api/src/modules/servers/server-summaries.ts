import type { ServerSummary } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, ServerRow } from '../../db/schema';
import { iso } from '../../lib/listing';
import {
  latestLoadSample,
  serverDriversWithIds,
  serverMachinesWithIds,
  serversWithIds,
  uptimeSamplesSince,
} from './servers.repository';

/**
 * What a customer sees of the servers their services run on (the services module's customer pages,
 * docs/decisions/012-data-model.md): each server's state, its machine's address, its driver.
 */

const DAY = 24 * 60 * 60 * 1000;
/** How far back a server's uptime is measured. */
const UPTIME_WINDOW = 30 * DAY;

/** The state of each server by id: its latest load sample and its uptime over the last 30 days. */
export async function serverSummaries(
  db: Kysely<Database>,
  serverIds: string[],
  now: number,
): Promise<Map<string, ServerSummary>> {
  const ids = [...new Set(serverIds)];
  const result = new Map<string, ServerSummary>();
  if (ids.length === 0) return result;
  const servers = await serversWithIds(db, ids);
  await Promise.all(
    servers.map(async (server) => {
      const [latest, uptime] = await Promise.all([
        latestLoadSample(db, server.id),
        uptimeSamplesSince(db, server.id, now - UPTIME_WINDOW),
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

/** The address, name and data centre of each of these servers (the machines a customer's servers run on). */
export async function serverMachines(db: Kysely<Database>, ids: string[]) {
  return ids.length > 0 ? serverMachinesWithIds(db, ids) : [];
}

/** The driver of each of these servers, by id. */
export async function serverDriverTypes(
  db: Kysely<Database>,
  ids: string[],
): Promise<Map<string, ServerRow['driverType']>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map((await serverDriversWithIds(db, unique)).map((server) => [server.id, server.driverType]));
}
