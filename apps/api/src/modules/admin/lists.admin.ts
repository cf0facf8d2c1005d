import {
  type AdminDomain,
  adminDomainsPageSchema,
  adminDomainsQuerySchema,
  adminServersPageSchema,
  adminServersQuerySchema,
  type AdminService,
  adminServicesPageSchema,
  adminServicesQuerySchema,
  type AdminTransaction,
  adminTransactionsPageSchema,
  adminTransactionsQuerySchema,
  CURRENCY,
} from '@hostpilot/shared';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponses } from '../../lib/errors';
import { LIST_ERRORS, STAFF_ERRORS } from './errors';
import { fullName, iso, isoOrNull, pageOf } from './list';
import { contains } from './search';
import { placedServices, serverExtras, toAdminServer } from './server-rows';

const DAY = 86_400_000;
const ERRORS = errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS });
const security = [{ bearerAuth: [] }];
const direction = (order: 'asc' | 'desc') => (order === 'asc' ? 'asc' : 'desc');
const owner = (row: { ownerId: string; ownerFirstName: string; ownerLastName: string; ownerEmail: string }) => ({
  id: row.ownerId,
  name: fullName(row.ownerFirstName, row.ownerLastName),
  email: row.ownerEmail,
});
const money = (amountMinor: number | string | null | undefined, currency: string = CURRENCY) => ({
  amountMinor: Number(amountMinor ?? 0),
  currency,
});

/** The hosting, domain, transaction and server lists of the back office. */
export const adminListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.database;
  const ownerColumns = [
    'users.id as ownerId',
    'users.firstName as ownerFirstName',
    'users.lastName as ownerLastName',
    'users.email as ownerEmail',
  ] as const;

  app.get(
    '/services',
    {
      config: { access: 'hosting.read' },
      schema: {
        tags: ['admin'],
        summary: 'Services (hosting and every other kind): search, filter (kind, status), sort, page',
        description:
          "`q` matches any part of the service's domain or of its owner's e-mail or name, literally. The hosting " +
          'page asks for `kind=hosting`. Needs `hosting.read`.',
        security,
        querystring: adminServicesQuerySchema,
        response: { 200: adminServicesPageSchema, ...ERRORS },
      },
    },
    async (request) => {
      const query = request.query as z.output<typeof adminServicesQuerySchema>;
      let filtered = db.selectFrom('services').innerJoin('users', 'users.id', 'services.userId');
      if (query.kind !== undefined) filtered = filtered.where('services.kind', '=', query.kind);
      if (query.status !== undefined) filtered = filtered.where('services.status', '=', query.status);
      if (query.q !== undefined) {
        const q = query.q;
        filtered = filtered.where((eb) =>
          eb.or([contains(kind, 'services', 'services', q), contains(kind, 'users', 'users', q)]),
        );
      }
      const sortColumn = {
        createdAt: 'services.createdAt',
        expiresAt: 'services.expiresAt',
        domain: 'services.domain',
        status: 'services.status',
      } as const;
      return pageOf(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        (limit, offset) =>
          filtered
            .leftJoin('servers', 'servers.id', 'services.serverId')
            .select([
              'services.id',
              'services.kind',
              'services.name',
              'services.planId',
              'services.domain',
              'services.status',
              'services.suspensionReason',
              'services.priceCents',
              'services.currency',
              'services.expiresAt',
              'services.autoRenew',
              'services.createdAt',
              'services.cpuPercent',
              'services.memoryPercent',
              'services.storageUsedMb',
              'services.bandwidthUsedMb',
              'servers.id as serverId',
              'servers.name as serverName',
              ...ownerColumns,
            ])
            .orderBy(sortColumn[query.sort], (ob) => ob[direction(query.order)]().nullsLast())
            .orderBy('services.id')
            .limit(limit)
            .offset(offset)
            .execute(),
        (row): AdminService => ({
          id: row.id,
          kind: row.kind,
          name: row.name,
          planId: row.planId,
          domain: row.domain,
          status: row.status,
          suspensionReason: row.suspensionReason,
          owner: owner(row),
          server: row.serverId && row.serverName ? { id: row.serverId, name: row.serverName } : null,
          price: money(row.priceCents, row.currency),
          expiresAt: iso(row.expiresAt),
          autoRenew: row.autoRenew === 1,
          createdAt: iso(row.createdAt),
          usage: {
            cpuPercent: row.cpuPercent,
            memoryPercent: row.memoryPercent,
            storageUsedMb: row.storageUsedMb,
            bandwidthUsedMb: row.bandwidthUsedMb,
          },
        }),
      );
    },
  );

  app.get(
    '/domains',
    {
      config: { access: 'domains.read' },
      schema: {
        tags: ['admin'],
        summary: 'Domains: search, filter (status, tld), sort, page',
        description:
          "`q` matches any part of the domain name or of its owner's e-mail or name, literally. Needs `domains.read`.",
        security,
        querystring: adminDomainsQuerySchema,
        response: { 200: adminDomainsPageSchema, ...ERRORS },
      },
    },
    async (request) => {
      const query = request.query as z.output<typeof adminDomainsQuerySchema>;
      let filtered = db.selectFrom('domains').innerJoin('users', 'users.id', 'domains.userId');
      if (query.status !== undefined) filtered = filtered.where('domains.status', '=', query.status);
      if (query.tld !== undefined) filtered = filtered.where('domains.tld', '=', query.tld);
      if (query.q !== undefined) {
        const q = query.q;
        filtered = filtered.where((eb) =>
          eb.or([contains(kind, 'domains', 'domains', q), contains(kind, 'users', 'users', q)]),
        );
      }
      const sortColumn = {
        name: 'domains.name',
        registeredAt: 'domains.registeredAt',
        expiresAt: 'domains.expiresAt',
        status: 'domains.status',
      } as const;
      return pageOf(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        (limit, offset) =>
          filtered
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
            .orderBy(sortColumn[query.sort], direction(query.order))
            .orderBy('domains.id')
            .limit(limit)
            .offset(offset)
            .execute(),
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

  app.get(
    '/transactions',
    {
      config: { access: 'billing.read' },
      schema: {
        tags: ['admin'],
        summary: 'Payments: search, filter (status, method), sort, page, with the summary cards',
        description:
          "`q` matches any part of the payer's e-mail or name, literally. `summary` is computed over every payment " +
          '(not only this page or this search). Needs `billing.read`.',
        security,
        querystring: adminTransactionsQuerySchema,
        response: { 200: adminTransactionsPageSchema, ...ERRORS },
      },
    },
    async (request) => {
      const query = request.query as z.output<typeof adminTransactionsQuerySchema>;
      let filtered = db.selectFrom('payments').innerJoin('users', 'users.id', 'payments.userId');
      if (query.status !== undefined) filtered = filtered.where('payments.status', '=', query.status);
      if (query.method !== undefined) filtered = filtered.where('payments.method', '=', query.method);
      if (query.q !== undefined) filtered = filtered.where(contains(kind, 'users', 'users', query.q));
      const sortColumn = {
        createdAt: 'payments.createdAt',
        amount: 'payments.amountCents',
        status: 'payments.status',
      } as const;
      const page = await pageOf(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        (limit, offset) =>
          filtered
            .leftJoin('invoices', 'invoices.id', 'payments.invoiceId')
            .select([
              'payments.id',
              'payments.amountCents',
              'payments.currency',
              'payments.method',
              'payments.status',
              'payments.declineReason',
              'payments.createdAt',
              'payments.completedAt',
              'invoices.id as invoiceId',
              'invoices.number as invoiceNumber',
              ...ownerColumns,
            ])
            .orderBy(sortColumn[query.sort], direction(query.order))
            .orderBy('payments.id')
            .limit(limit)
            .offset(offset)
            .execute(),
        (row): AdminTransaction => ({
          id: row.id,
          owner: owner(row),
          amount: money(row.amountCents, row.currency),
          method: row.method,
          status: row.status,
          invoice: row.invoiceId && row.invoiceNumber ? { id: row.invoiceId, number: row.invoiceNumber } : null,
          declineReason: row.declineReason,
          createdAt: iso(row.createdAt),
          completedAt: isoOrNull(row.completedAt),
        }),
      );
      const since = Date.now() - 30 * DAY;
      const [revenue, pending, failed] = await Promise.all([
        db
          .selectFrom('payments')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountCents'), sql<number>`0`).as('sum'))
          .where('status', '=', 'completed')
          .where('completedAt', '>=', since)
          .where('currency', '=', CURRENCY)
          .executeTakeFirst(),
        statusTotals('pending'),
        statusTotals('failed'),
      ]);
      return {
        ...page,
        summary: {
          revenueLast30Days: money(revenue?.sum),
          pending: { count: Number(pending?.count ?? 0), amount: money(pending?.sum) },
          failed: { count: Number(failed?.count ?? 0), amount: money(failed?.sum) },
        },
      };
    },
  );

  function statusTotals(status: 'pending' | 'failed') {
    return db
      .selectFrom('payments')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('amountCents'), sql<number>`0`).as('sum'),
      ])
      .where('status', '=', status)
      .where('currency', '=', CURRENCY)
      .executeTakeFirst();
  }

  app.get(
    '/servers',
    {
      config: { access: 'servers.read' },
      schema: {
        tags: ['admin'],
        summary: 'Servers: search, filter (status, type, location), sort, page, with the summary',
        description:
          '`q` matches any part of the name or address, literally (a short table: no index needed). `summary` ' +
          'covers every server. Needs `servers.read`.',
        security,
        querystring: adminServersQuerySchema,
        response: { 200: adminServersPageSchema, ...ERRORS },
      },
    },
    async (request) => {
      const query = request.query as z.output<typeof adminServersQuerySchema>;
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
      const page = await pageOf(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        (limit, offset) => {
          let rows = filtered.selectAll('servers').select(serverExtras);
          rows =
            query.sort === 'services'
              ? rows.orderBy((eb) => placedServices(eb), direction(query.order))
              : rows.orderBy(`servers.${query.sort}`, direction(query.order));
          return rows.orderBy('servers.id').limit(limit).offset(offset).execute();
        },
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
};

function parseStringArray(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
