import { type adminServicesQuerySchema, servicesAdminEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { endpointRoute } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/errors';
import { contains } from '../../lib/search';
import { col, decimal, exportRouteSchema, sendCsv, yesNo } from '../../lib/staff-export';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { direction, fullName, iso, pageOf } from '../../lib/staff-list';
import { staffOf } from '../../plugins/authorize';
import { ADMIN_SERVICE_COLUMNS, toAdminService } from './service-rows';

const ERRORS = errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS });

const SERVICE_SORT = {
  createdAt: 'services.createdAt',
  expiresAt: 'services.expiresAt',
  domain: 'services.domain',
  status: 'services.status',
} as const;

/** The back office's services list and its export (docs/decisions/033-hosting-and-domain-administration.md). */
export const adminServiceListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.database;

  /** The services a search and its filters match (the list's and the export's). */
  const servicesMatching = (query: Pick<z.output<typeof adminServicesQuerySchema>, 'q' | 'kind' | 'status'>) => {
    let filtered = db.selectFrom('services').innerJoin('users', 'users.id', 'services.userId');
    if (query.kind !== undefined) filtered = filtered.where('services.kind', '=', query.kind);
    if (query.status !== undefined) filtered = filtered.where('services.status', '=', query.status);
    if (query.q !== undefined) {
      const q = query.q;
      filtered = filtered.where((eb) =>
        eb.or([contains(kind, 'services', 'services', q), contains(kind, 'users', 'users', q)]),
      );
    }
    return filtered;
  };

  /** One page of the services a search matches, in the list's order, with what the list and its export show. */
  const servicesPage =
    (query: Pick<z.output<typeof adminServicesQuerySchema>, 'q' | 'kind' | 'status' | 'sort' | 'order'>) =>
    (limit: number, offset: number) =>
      servicesMatching(query)
        .leftJoin('servers', 'servers.id', 'services.serverId')
        .select(ADMIN_SERVICE_COLUMNS)
        .orderBy(SERVICE_SORT[query.sort], (ob) => ob[direction(query.order)]().nullsLast())
        .orderBy('services.id')
        .limit(limit)
        .offset(offset)
        .execute();

  endpointRoute(
    app,
    servicesAdminEndpoints.getAdminServices,
    {
      schema: {
        tags: ['admin'],
        summary: 'Services (hosting and every other kind): search, filter (kind, status), sort, page',
        description:
          "`q` matches any part of the service's domain or of its owner's e-mail or name, literally. The hosting " +
          'page asks for `kind=hosting`. Needs `hosting.read`.',
        response: ERRORS,
      },
    },
    async (request) => {
      const query = request.query;
      const filtered = servicesMatching(query);
      return pageOf(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        servicesPage(query),
        toAdminService,
      );
    },
  );

  endpointRoute(
    app,
    servicesAdminEndpoints.getAdminServicesExport,
    { schema: exportRouteSchema("Every service the list's search and filters match, as CSV", 'hosting.read') },
    async (request, reply) => {
      const query = request.query;
      return sendCsv(
        db,
        staffOf(request).userId,
        reply,
        query.lang,
        'hostingFile',
        (t) =>
          col(t, [
            'domain',
            'name',
            'plan',
            'owner',
            'email',
            'server',
            'status',
            'suspensionReason',
            'price',
            'currency',
            'expiresAt',
            'autoRenew',
            'createdAt',
          ]),
        async (t, limit, offset) => {
          const rows = await servicesPage(query)(limit, offset);
          return rows.map((row) => [
            row.domain ?? '',
            row.name,
            row.planId,
            fullName(row.ownerFirstName, row.ownerLastName),
            row.ownerEmail,
            row.serverName ?? '',
            t(`status.${row.status}`),
            row.suspensionReason ?? '',
            decimal(row.priceCents),
            row.currency,
            iso(row.expiresAt),
            yesNo(t, row.autoRenew),
            iso(row.createdAt),
          ]);
        },
      );
    },
  );
};
