import type { DriverType } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The servers rows the provisioning engine and the usage collection read and write
 * (docs/decisions/042-provisioning-engine.md, 062-web-nodes-placement-and-faults.md), the servers module's own
 * queries, reached by other modules through index.ts (docs/decisions/056-module-shape.md).
 */

const TASK_SERVER = ['servers.id', 'servers.name', 'servers.connectionSettings'] as const;

/** A server by id when it has this driver. */
export const findServerWithDriver = (db: Kysely<Database>, id: string, driverType: DriverType) =>
  db
    .selectFrom('servers')
    .select(TASK_SERVER)
    .where('id', '=', id)
    .where('driverType', '=', driverType)
    .executeTakeFirst();

/** The first server of a driver: the ones in service before those in maintenance, then by name. */
export const findFirstServerWithDriver = (db: Kysely<Database>, driverType: DriverType) =>
  db
    .selectFrom('servers')
    .select(TASK_SERVER)
    .where('driverType', '=', driverType)
    .orderBy('status')
    .orderBy('name')
    .orderBy('id')
    .executeTakeFirst();

/** Marks a server's connection failed with the error met. */
export async function markServerUnreachable(db: Kysely<Database>, id: string, now: number, error: string) {
  await db
    .updateTable('servers')
    .set({ connectionStatus: 'failed', connectionCheckedAt: now, connectionError: error })
    .where('id', '=', id)
    .execute();
}

/** Marks a server's connection ok again, when it was marked failed. */
export async function markServerReachedAgain(db: Kysely<Database>, id: string, now: number) {
  await db
    .updateTable('servers')
    .set({ connectionStatus: 'ok', connectionCheckedAt: now, connectionError: null })
    .where('id', '=', id)
    .where('connectionStatus', '=', 'failed')
    .execute();
}

/** The addresses of these servers, in the order of the ids (a server gone is left out). */
export async function serverAddresses(db: Kysely<Database>, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('servers')
    .select(['id', 'ip'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  const ip = new Map(rows.map((r) => [r.id, r.ip]));
  return ids.flatMap((id) => (ip.has(id) ? [ip.get(id)!] : []));
}

/** A server's address (null when the id is null or the server is gone). */
export async function serverAddress(db: Kysely<Database>, id: string | null): Promise<string | null> {
  if (id === null) return null;
  const row = await db.selectFrom('servers').select('ip').where('id', '=', id).executeTakeFirst();
  return row?.ip ?? null;
}

const NODE = ['servers.id', 'servers.driverType', 'servers.connectionSettings'] as const;

/** Those of these servers that are web nodes. */
export const findWebNodesAmong = (db: Kysely<Database>, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('servers')
        .select(NODE)
        .where('id', 'in', [...ids])
        .where('driverType', '=', 'web-node')
        .execute();

/** Every web node, in service first, then by name. */
export const listWebNodes = (db: Kysely<Database>) =>
  db
    .selectFrom('servers')
    .select(['id', 'name', 'connectionSettings', 'bandwidthGbps'])
    .where('driverType', '=', 'web-node')
    .orderBy('status')
    .orderBy('name')
    .orderBy('id')
    .execute();

/**
 * Records a node's reading, in one transaction: the usage sample of the server's charts, the node's latest
 * metrics (or the error met), and its connection status.
 */
export async function recordNodeReading(
  db: Kysely<Database>,
  nodeId: string,
  now: number,
  reading: {
    sample: { cpuPercent: number; memoryPercent: number; storagePercent: number; bandwidthPercent: number };
    metrics: string | null;
    error: string | null;
  },
): Promise<void> {
  const { sample, metrics, error } = reading;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('serverUsageSamples')
      .values({ serverId: nodeId, takenAt: now, ...sample, up: metrics !== null ? 1 : 0 })
      .onConflict((oc) => oc.columns(['serverId', 'takenAt']).doNothing())
      .execute();
    const row = { checkedAt: now, error, ...(metrics !== null ? { measuredAt: now, metrics } : {}) };
    await trx
      .insertInto('nodeMetrics')
      .values({ serverId: nodeId, measuredAt: null, metrics: null, ...row })
      .onConflict((oc) => oc.column('serverId').doUpdateSet(row))
      .execute();
    await trx
      .updateTable('servers')
      .set({ connectionStatus: metrics !== null ? 'ok' : 'failed', connectionCheckedAt: now, connectionError: error })
      .where('id', '=', nodeId)
      .execute();
  });
}
