import { type AdminDomain, type adminDomainsQuerySchema, domainsAdminEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { endpointRoute } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/errors';
import { contains } from '../../lib/search';
import { col, exportRouteSchema, sendCsv, yesNo } from '../../lib/staff-export';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import {
  direction,
  fullName,
  iso,
  isoOrNull,
  owner,
  OWNER_COLUMNS as ownerColumns,
  pageOf,
} from '../../lib/staff-list';
import { staffOf } from '../../plugins/authorize';

const ERRORS = errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS });

const DOMAIN_SORT = {
  name: 'domains.name',
  registeredAt: 'domains.registeredAt',
  expiresAt: 'domains.expiresAt',
  status: 'domains.status',
} as const;

/** The back office's domains list and its export (docs/decisions/033-hosting-and-domain-administration.md). */
export const adminDomainListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.database;

  /** The domains a search and its filters match. */
  const domainsMatching = (query: Pick<z.output<typeof adminDomainsQuerySchema>, 'q' | 'status' | 'tld'>) => {
    let filtered = db
      .selectFrom('domains')
      .innerJoin('users', 'users.id', 'domains.userId')
      .where('domains.deletedAt', 'is', null);
    if (query.status !== undefined) filtered = filtered.where('domains.status', '=', query.status);
    if (query.tld !== undefined) filtered = filtered.where('domains.tld', '=', query.tld);
    if (query.q !== undefined) {
      const q = query.q;
      filtered = filtered.where((eb) =>
        eb.or([contains(kind, 'domains', 'domains', q), contains(kind, 'users', 'users', q)]),
      );
    }
    return filtered;
  };

  /** One page of the domains a search matches, in the list's order, with their DNS record count. */
  const domainsPage =
    (query: Pick<z.output<typeof adminDomainsQuerySchema>, 'q' | 'status' | 'tld' | 'sort' | 'order'>) =>
    (limit: number, offset: number) =>
      domainsMatching(query)
        .select([
          'domains.id',
          'domains.name',
          'domains.tld',
          'domains.status',
          'domains.registeredAt',
          'domains.expiresAt',
          'domains.autoRenew',
          'domains.transferLock',
          'domains.nameservers',
          'domains.dnsUpdatedAt',
          ...ownerColumns,
        ])
        .select((eb) =>
          eb
            .selectFrom('dnsRecords')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('dnsRecords.domainId', '=', 'domains.id')
            .as('dnsCount'),
        )
        .orderBy(DOMAIN_SORT[query.sort], direction(query.order))
        .orderBy('domains.id')
        .limit(limit)
        .offset(offset)
        .execute();

  endpointRoute(
    app,
    domainsAdminEndpoints.getAdminDomains,
    {
      schema: {
        tags: ['admin'],
        summary: 'Domains: search, filter (status, tld), sort, page',
        description:
          "`q` matches any part of the domain name or of its owner's e-mail or name, literally. Needs `domains.read`.",
        response: ERRORS,
      },
    },
    async (request) => {
      const query = request.query;
      const filtered = domainsMatching(query);
      return pageOf(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        domainsPage(query),
        (row): AdminDomain => ({
          id: row.id,
          name: row.name,
          tld: row.tld,
          status: row.status,
          owner: owner(row),
          registeredAt: iso(row.registeredAt),
          expiresAt: iso(row.expiresAt),
          autoRenew: row.autoRenew === 1,
          transferLock: row.transferLock === 1,
          nameservers: parseStringArray(row.nameservers),
          dns: { records: Number(row.dnsCount ?? 0), updatedAt: isoOrNull(row.dnsUpdatedAt) },
        }),
      );
    },
  );

  endpointRoute(
    app,
    domainsAdminEndpoints.getAdminDomainsExport,
    { schema: exportRouteSchema("Every domain the list's search and filters match, as CSV", 'domains.read') },
    async (request, reply) => {
      const query = request.query;
      return sendCsv(
        db,
        staffOf(request).userId,
        reply,
        query.lang,
        'domainsFile',
        (t) =>
          col(t, [
            'domain',
            'owner',
            'email',
            'status',
            'registeredAt',
            'expiresAt',
            'autoRenew',
            'transferLock',
            'dnsRecords',
          ]),
        async (t, limit, offset) => {
          const rows = await domainsPage(query)(limit, offset);
          return rows.map((row) => [
            row.name,
            fullName(row.ownerFirstName, row.ownerLastName),
            row.ownerEmail,
            t(`status.${row.status}`),
            iso(row.registeredAt),
            iso(row.expiresAt),
            yesNo(t, row.autoRenew),
            yesNo(t, row.transferLock),
            String(Number(row.dnsCount ?? 0)),
          ]);
        },
      );
    },
  );
};

function parseStringArray(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
