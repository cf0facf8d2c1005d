import {
  type AdminDomain,
  adminDomainsPageSchema,
  adminDomainsExportQuerySchema,
  adminDomainsQuerySchema,
  adminServersExportQuerySchema,
  adminServersPageSchema,
  adminServersQuerySchema,
  adminServicesPageSchema,
  adminServicesExportQuerySchema,
  adminServicesQuerySchema,
  adminTransactionsExportQuerySchema,
  type AdminTransaction,
  adminTransactionsPageSchema,
  adminTransactionsQuerySchema,
  CURRENCY,
  type Language,
  refundDestinationOf,
} from '@hostpilot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment, batches, csvStream } from '../../lib/documents/csv-export';
import { adminTextsOf } from '../../lib/documents/texts';
import { readerLanguage } from '../../lib/reader-language';
import { staffOf } from '../../plugins/authorize';
import { errorResponses } from '../../lib/errors';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { fullName, iso, isoOrNull, pageOf } from '../../lib/staff-list';
import { contains } from '../../lib/search';
import { placedServices, serverExtras, toAdminServer } from '../servers/server-rows';
import { ADMIN_SERVICE_COLUMNS, toAdminService } from './service-rows';

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

const SERVICE_SORT = {
  createdAt: 'services.createdAt',
  expiresAt: 'services.expiresAt',
  domain: 'services.domain',
  status: 'services.status',
} as const;
const DOMAIN_SORT = {
  name: 'domains.name',
  registeredAt: 'domains.registeredAt',
  expiresAt: 'domains.expiresAt',
  status: 'domains.status',
} as const;
const PAYMENT_SORT = {
  createdAt: 'payments.createdAt',
  amount: 'payments.amountCents',
  status: 'payments.status',
} as const;

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

/** The hosting, domain, transaction and server lists of the back office. */
export const adminListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.database;
  const ownerColumns = [
    'users.id as ownerId',
    'users.firstName as ownerFirstName',
    'users.lastName as ownerLastName',
    'users.email as ownerEmail',
  ] as const;

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

  /** The payments a search and its filters match. */
  const paymentsMatching = (query: Pick<z.output<typeof adminTransactionsQuerySchema>, 'q' | 'status' | 'method'>) => {
    let filtered = db.selectFrom('payments').innerJoin('users', 'users.id', 'payments.userId');
    if (query.status !== undefined) filtered = filtered.where('payments.status', '=', query.status);
    if (query.method !== undefined) filtered = filtered.where('payments.method', '=', query.method);
    if (query.q !== undefined) filtered = filtered.where(contains(kind, 'users', 'users', query.q));
    return filtered;
  };

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

  /** One page of the payments a search matches, in the list's order, with their invoice's number. */
  const paymentsPage =
    (query: Pick<z.output<typeof adminTransactionsQuerySchema>, 'q' | 'status' | 'method' | 'sort' | 'order'>) =>
    (limit: number, offset: number) =>
      paymentsMatching(query)
        .leftJoin('invoices', 'invoices.id', 'payments.invoiceId')
        .select([
          'payments.id',
          'payments.amountCents',
          'payments.currency',
          'payments.method',
          'payments.status',
          'payments.declineReason',
          'payments.refundedCents',
          'payments.purpose',
          'payments.createdAt',
          'payments.completedAt',
          'invoices.id as invoiceId',
          'invoices.number as invoiceNumber',
          ...ownerColumns,
        ])
        .orderBy(PAYMENT_SORT[query.sort], direction(query.order))
        .orderBy('payments.id')
        .limit(limit)
        .offset(offset)
        .execute();

  /** One page of the servers a search matches, in the list's order, with their services and latest sample. */
  const serversPage =
    (query: Pick<z.output<typeof adminServersQuerySchema>, 'q' | 'status' | 'type' | 'location' | 'sort' | 'order'>) =>
    (limit: number, offset: number) =>
      serversOrdered(serversMatching(query).selectAll('servers').select(serverExtras), query)
        .limit(limit)
        .offset(offset)
        .execute();

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
      const filtered = servicesMatching(query);
      return pageOf(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        servicesPage(query),
        toAdminService,
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
      const filtered = paymentsMatching(query);
      const page = await pageOf(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        paymentsPage(query),
        (row): AdminTransaction => ({
          id: row.id,
          owner: owner(row),
          amount: money(row.amountCents, row.currency),
          method: row.method,
          status: row.status,
          invoice: row.invoiceId && row.invoiceNumber ? { id: row.invoiceId, number: row.invoiceNumber } : null,
          declineReason: row.declineReason,
          refunded: money(row.refundedCents, row.currency),
          refundTo: refundDestinationOf(row),
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

  /**
   * The exports of the four lists (docs/decisions/033-hosting-and-domain-administration.md): the list's search,
   * filters and sort, every page, streamed through the users export's CSV writer (UTF-8 with a byte-order mark,
   * the language's delimiter, formula cells neutralised), headings in the caller's language or `lang`.
   */
  const sendCsv = async (
    request: FastifyRequest,
    reply: FastifyReply,
    lang: Language | undefined,
    file: string,
    heading: (t: TFunction) => string[],
    read: (t: TFunction, limit: number, offset: number) => Promise<string[][]>,
  ) => {
    const language = await readerLanguage(db, staffOf(request).userId, lang);
    const t = adminTextsOf(language);
    const rows = async function* () {
      for await (const page of batches((limit, offset) => read(t, limit, offset))) yield page;
    };
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(`${t(`exports.${file}`)}.csv`))
      .header('cache-control', 'private, no-store')
      .send(csvStream(language, heading(t), rows()) as never);
  };
  const exportSchema = (summary: string, permission: string, querystring: z.ZodType) => ({
    tags: ['admin'],
    summary,
    description:
      "The list's `q`, filters and sort; `page` and `pageSize` are ignored (all rows), `lang` picks the headings' " +
      "language (else the caller's). Streamed; UTF-8 with a byte-order mark; commas in English, semicolons in " +
      `Russian; formula cells start with an apostrophe. Needs \`${permission}\`.`,
    security,
    querystring,
    produces: ['text/csv'],
    response: { 200: z.string().describe('The CSV text'), ...ERRORS },
  });
  const decimal = (minor: number | string | null | undefined) => (Number(minor ?? 0) / 100).toFixed(2);
  const yesNo = (t: TFunction, value: number) => t(value === 1 ? 'exports.yes' : 'exports.no');
  const col = (t: TFunction, names: string[]) => names.map((name) => t(`exports.columns.${name}`));

  app.get(
    '/services/export',
    {
      config: { access: 'hosting.read' },
      schema: exportSchema(
        "Every service the list's search and filters match, as CSV",
        'hosting.read',
        adminServicesExportQuerySchema,
      ),
    },
    async (request, reply) => {
      const query = request.query as z.output<typeof adminServicesExportQuerySchema>;
      return sendCsv(
        request,
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

  app.get(
    '/domains/export',
    {
      config: { access: 'domains.read' },
      schema: exportSchema(
        "Every domain the list's search and filters match, as CSV",
        'domains.read',
        adminDomainsExportQuerySchema,
      ),
    },
    async (request, reply) => {
      const query = request.query as z.output<typeof adminDomainsExportQuerySchema>;
      return sendCsv(
        request,
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

  app.get(
    '/transactions/export',
    {
      config: { access: 'billing.read' },
      schema: exportSchema(
        "Every payment the list's search and filters match, as CSV",
        'billing.read',
        adminTransactionsExportQuerySchema,
      ),
    },
    async (request, reply) => {
      const query = request.query as z.output<typeof adminTransactionsExportQuerySchema>;
      return sendCsv(
        request,
        reply,
        query.lang,
        'transactionsFile',
        (t) =>
          col(t, [
            'id',
            'owner',
            'email',
            'amount',
            'refunded',
            'currency',
            'method',
            'status',
            'invoice',
            'declineReason',
            'createdAt',
            'completedAt',
          ]),
        async (t, limit, offset) => {
          const rows = await paymentsPage(query)(limit, offset);
          return rows.map((row) => [
            row.id,
            fullName(row.ownerFirstName, row.ownerLastName),
            row.ownerEmail,
            decimal(row.amountCents),
            decimal(row.refundedCents),
            row.currency,
            t(`billing.methods.${row.method}`),
            t(`status.${row.status}`),
            row.invoiceNumber ?? '',
            row.declineReason ?? '',
            iso(row.createdAt),
            isoOrNull(row.completedAt) ?? '',
          ]);
        },
      );
    },
  );

  app.get(
    '/servers/export',
    {
      config: { access: 'servers.read' },
      schema: exportSchema(
        "Every server the list's search and filters match, as CSV",
        'servers.read',
        adminServersExportQuerySchema,
      ),
    },
    async (request, reply) => {
      const query = request.query as z.output<typeof adminServersExportQuerySchema>;
      return sendCsv(
        request,
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

function parseStringArray(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
