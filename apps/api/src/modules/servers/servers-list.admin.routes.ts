import { type adminServersQuerySchema, serversAdminEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { endpointRoute } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/errors';
import { col, exportRouteSchema, sendCsv } from '../../lib/staff-export';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { direction, iso, pageOf } from '../../lib/staff-list';
import { staffOf } from '../../plugins/authorize';
import { placedServices, serverExtras, toAdminServer } from './server-rows';

const ERRORS = errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS });

/** Orders servers as the list does: by a column or by the services placed on them, then by id. */
export function serversOrdered<Q extends SelectQueryBuilder<Database, 'servers', object>>(
  rows: Q,
  query: { sort: z.output<typeof adminServersQuerySchema>['sort']; order: 'asc' | 'desc' },
): Q {
  const sorted =
    query.sort === 'services'
      ? rows.orderBy((eb) => placedServices(eb), direction(query.order))
      : rows.orderBy(`servers.${query.sort}`, direction(query.order));
  return sorted.orderBy('servers.id') as Q;
}

/** The back office's servers list with its summary, and its export. */
export const adminServerListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.database;

  /** The servers a search and its filters match. */
  const serversMatching = (
    query: Pick<z.output<typeof adminServersQuerySchema>, 'q' | 'status' | 'type' | 'location'>,
  ) => {
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
  };

  /** One page of the servers a search matches, in the list's order, with their services and latest sample. */
  const serversPage =
    (query: Pick<z.output<typeof adminServersQuerySchema>, 'q' | 'status' | 'type' | 'location' | 'sort' | 'order'>) =>
    (limit: number, offset: number) =>
      serversOrdered(serversMatching(query).selectAll('servers').select(serverExtras), query)
        .limit(limit)
        .offset(offset)
        .execute();

  endpointRoute(
    app,
    serversAdminEndpoints.getAdminServers,
    {
      schema: {
        tags: ['admin'],
        summary: 'Servers: search, filter (status, type, location), sort, page, with the summary',
        description:
          '`q` matches any part of the name or address, literally (a short table: no index needed). `summary` ' +
          'covers every server. Needs `servers.read`.',
        response: ERRORS,
      },
    },
    async (request) => {
      const query = request.query;
      const filtered = serversMatching(query);
      const page = await pageOf(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        serversPage(query),
        toAdminServer,
      );
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
        ...page,
        summary: {
          totalServers: Number(servers?.count ?? 0),
          activeServices: Number(services?.count ?? 0),
          totalStorageGb: Number(servers?.storage ?? 0),
          totalRamGb: Number(servers?.ram ?? 0),
        },
      };
    },
  );

  endpointRoute(
    app,
    serversAdminEndpoints.getAdminServersExport,
    { schema: exportRouteSchema("Every server the list's search and filters match, as CSV", 'servers.read') },
    async (request, reply) => {
      const query = request.query;
      return sendCsv(
        db,
        staffOf(request).userId,
        reply,
        query.lang,
        'serversFile',
        (t) => col(t, ['name', 'location', 'type', 'ip', 'status', 'services', 'capacity', 'createdAt']),
        async (t, limit, offset) => {
          const rows = await serversPage(query)(limit, offset);
          return rows.map((row) => [
            row.name,
            t(`servers.locations.${row.location}`),
            t(`servers.types.${row.type}`),
            row.ip,
            t(`status.${row.status}`),
            String(Number(row.serviceCount ?? 0)),
            String(row.capacity),
            iso(row.createdAt),
          ]);
        },
      );
    },
  );
};
