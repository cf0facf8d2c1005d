import type { adminServersQuerySchema } from '@hostpilot/shared';
import {
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
  sql,
  type Updateable,
} from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database, ServerRow, ServersTable } from '../../db/schema';
import { direction } from '../../lib/staff-list';

type ListQuery = z.output<typeof adminServersQuerySchema>;

/**
 * The servers module's queries (docs/decisions/056-module-shape.md): the only place that reads the `servers` and
 * `server_usage_samples` tables for the back office's list, its export and a server's usage history. The list's
 * summary counts the active services placed on a server in the same place, as the list shows them.
 */

/**
 * Services placed on the server and not cancelled: what its capacity is used by, and what forbids deleting it. A
 * read model of the services module's table: the list sorts by it and its summary counts it in one statement
 * (decision 025's measured plans, docs/decisions/056-module-shape.md).
 */
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

/** Orders servers as the list does: by a column or by the services placed on them, then by id. */
export function serversOrdered<Q extends SelectQueryBuilder<Database, 'servers', object>>(
  rows: Q,
  query: { sort: ListQuery['sort']; order: 'asc' | 'desc' },
): Q {
  const sorted =
    query.sort === 'services'
      ? rows.orderBy((eb) => placedServices(eb), direction(query.order))
      : rows.orderBy(`servers.${query.sort}`, direction(query.order));
  return sorted.orderBy('servers.id') as Q;
}

/** The servers a search and its filters match. */
export function serversMatching(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: Pick<ListQuery, 'q' | 'status' | 'type' | 'location'>,
) {
  let filtered = db.selectFrom('servers');
  if (query.status !== undefined) filtered = filtered.where('servers.status', '=', query.status);
  if (query.type !== undefined) filtered = filtered.where('servers.type', '=', query.type);
  if (query.location !== undefined) filtered = filtered.where('servers.location', '=', query.location);
  if (query.q !== undefined) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = kind === 'postgres' ? sql.raw('ilike') : sql.raw('like');
    filtered = filtered.where(
      sql<boolean>`(servers.name ${like} ${pattern} escape '\\' or servers.ip ${like} ${pattern} escape '\\')`,
    );
  }
  return filtered;
}

/** How many servers a search matches. */
export const countServers = (
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: Pick<ListQuery, 'q' | 'status' | 'type' | 'location'>,
) =>
  serversMatching(db, kind, query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();

/** One page of the servers a search matches, in the list's order, with their services and latest sample. */
export const serversPage =
  (
    db: Kysely<Database>,
    kind: DatabaseKind,
    query: Pick<ListQuery, 'q' | 'status' | 'type' | 'location' | 'sort' | 'order'>,
  ) =>
  (limit: number, offset: number) =>
    serversOrdered(serversMatching(db, kind, query).selectAll('servers').select(serverExtras), query)
      .limit(limit)
      .offset(offset)
      .execute();

/** Every server's count, storage and memory, and the active services placed on a server. */
export async function serversSummary(db: Kysely<Database>) {
  const [servers, services] = await Promise.all([
    db
      .selectFrom('servers')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('storageGb'), sql<number>`0`).as('storage'),
        eb.fn.coalesce(eb.fn.sum<number>('ramGb'), sql<number>`0`).as('ram'),
      ])
      .executeTakeFirst(),
    db
      .selectFrom('services')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'active')
      .where('serverId', 'is not', null)
      .executeTakeFirst(),
  ]);
  return {
    totalServers: Number(servers?.count ?? 0),
    activeServices: Number(services?.count ?? 0),
    totalStorageGb: Number(servers?.storage ?? 0),
    totalRamGb: Number(servers?.ram ?? 0),
  };
}

/** The server's id when it exists. */
export const findServerId = (db: Kysely<Database>, id: string) =>
  db.selectFrom('servers').select('id').where('id', '=', id).executeTakeFirst();

/** The server's usage samples taken after `since`, oldest first. */
export const usageSamplesSince = (db: Kysely<Database>, serverId: string, since: number) =>
  db
    .selectFrom('serverUsageSamples')
    .select(['takenAt', 'cpuPercent', 'memoryPercent', 'storagePercent', 'bandwidthPercent', 'up'])
    .where('serverId', '=', serverId)
    .where('takenAt', '>', since)
    .orderBy('takenAt')
    .execute();

type Transaction = Kysely<Database>;

/** The server with its placed services, latest sample and node reading; undefined when there is none. */
export const findServerRow = (db: Kysely<Database>, id: string) =>
  db.selectFrom('servers').selectAll('servers').select(serverExtras).where('id', '=', id).executeTakeFirst();

/** A server row locked for the change (Postgres; SQLite runs one writer at a time). */
export function lockedServer(trx: Transaction, id: string, kind: DatabaseKind) {
  const query = trx.selectFrom('servers').selectAll().where('id', '=', id);
  return (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Services placed on the server and not cancelled. */
export async function placedOn(trx: Transaction, id: string): Promise<number> {
  const row = await trx
    .selectFrom('servers')
    .select((eb) => placedServices(eb).as('n'))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether another server has this name, in any case. */
export async function nameTaken(trx: Transaction, name: string, exceptId: string | null): Promise<boolean> {
  let same = trx
    .selectFrom('servers')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) same = same.where('id', '!=', exceptId);
  return (await same.executeTakeFirst()) !== undefined;
}

/** Whether another server has this address (stored lower-cased). */
export async function addressTaken(trx: Transaction, ip: string, exceptId: string | null): Promise<boolean> {
  let same = trx.selectFrom('servers').select('id').where('ip', '=', ip);
  if (exceptId) same = same.where('id', '!=', exceptId);
  return (await same.executeTakeFirst()) !== undefined;
}

export const insertServer = (trx: Transaction, values: Insertable<ServersTable>) =>
  trx.insertInto('servers').values(values).execute();

export const updateServer = (trx: Transaction, id: string, values: Updateable<ServersTable>) =>
  trx.updateTable('servers').set(values).where('id', '=', id).execute();

/** Deletes the server's row (the services module first unplaces the cancelled services that named it). */
export async function deleteServerRow(trx: Transaction, id: string): Promise<void> {
  await trx.deleteFrom('servers').where('id', '=', id).execute();
}

/** The server's provisioning driver, its connection settings and its last connection test. */
export const findServerConnection = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('servers')
    .select(['driverType', 'connectionSettings', 'connectionStatus', 'connectionCheckedAt', 'connectionError'])
    .where('id', '=', id)
    .executeTakeFirst();

/** Writes the server's driver, connection settings or connection test outcome. */
export async function updateServerConnection(
  trx: Transaction,
  id: string,
  values: Pick<
    Updateable<ServersTable>,
    'driverType' | 'connectionSettings' | 'connectionStatus' | 'connectionCheckedAt' | 'connectionError' | 'updatedAt'
  >,
): Promise<void> {
  await trx.updateTable('servers').set(values).where('id', '=', id).execute();
}

/** The active servers of a type, by name, with the services placed on them. */
export const activeServersOfType = (db: Kysely<Database>, type: ServersTable['type']) =>
  db
    .selectFrom('servers')
    .select((eb) => ['id', 'name', 'location', 'capacity', placedServices(eb).as('placed')])
    .where('type', '=', type)
    .where('status', '=', 'active')
    .orderBy('name')
    .orderBy('id')
    .execute();

/** The server's type and status; undefined when there is none. */
export const serverTypeAndStatus = (db: Kysely<Database>, id: string) =>
  db.selectFrom('servers').select(['type', 'status']).where('id', '=', id).executeTakeFirst();

/** The stored connection settings of the servers run by the `driverType` driver. */
export async function connectionSettingsOfDriver(
  db: Kysely<Database>,
  driverType: NonNullable<ServerRow['driverType']>,
): Promise<(string | null)[]> {
  const rows = await db
    .selectFrom('servers')
    .select('connectionSettings')
    .where('driverType', '=', driverType)
    .execute();
  return rows.map((row) => row.connectionSettings);
}

/** The servers with these ids. */
export const serversWithIds = (db: Kysely<Database>, ids: string[]) =>
  db.selectFrom('servers').selectAll().where('id', 'in', ids).execute();

/** The address, name and data centre of the servers with these ids. */
export const serverMachinesWithIds = (db: Kysely<Database>, ids: string[]) =>
  db.selectFrom('servers').select(['id', 'ip', 'name', 'location']).where('id', 'in', ids).execute();

/** The driver of each of the servers with these ids. */
export const serverDriversWithIds = (db: Kysely<Database>, ids: string[]) =>
  db.selectFrom('servers').select(['id', 'driverType']).where('id', 'in', ids).execute();

/** The server's latest load sample, or undefined. */
export const latestLoadSample = (db: Kysely<Database>, serverId: string) =>
  db
    .selectFrom('serverUsageSamples')
    .select(['cpuPercent', 'memoryPercent', 'takenAt'])
    .where('serverId', '=', serverId)
    .orderBy('takenAt', 'desc')
    .limit(1)
    .executeTakeFirst();

/** How many samples the server has since `since`, and how many of them found it up. */
export const uptimeSamplesSince = (db: Kysely<Database>, serverId: string, since: number) =>
  db
    .selectFrom('serverUsageSamples')
    .select((eb) => [eb.fn.countAll<number>().as('samples'), eb.fn.sum<number>('up').as('up')])
    .where('serverId', '=', serverId)
    .where('takenAt', '>=', since)
    .executeTakeFirstOrThrow();
