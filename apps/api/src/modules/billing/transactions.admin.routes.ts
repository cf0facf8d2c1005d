import {
  type AdminTransaction,
  billingAdminEndpoints,
  type adminTransactionsExportQuerySchema,
  type adminTransactionsQuerySchema,
  CURRENCY,
  refundDestinationOf,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors';
import { contains } from '../../lib/search';
import { col, decimal, exportSchema, sendCsv } from '../../lib/staff-export';
import { endpointRoute } from '../../lib/endpoint-route';
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

const DAY = 86_400_000;
const ERRORS = errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS });

/** The OpenAPI words of a list's export; the query and the CSV answer are the endpoint table's. */
function exportWords(summary: string, permission: string) {
  const { querystring: _query, response: _answer, ...words } = exportSchema(summary, permission, z.unknown());
  return { ...words, response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }) };
}
const money = (amountMinor: number | string | null | undefined, currency: string = CURRENCY) => ({
  amountMinor: Number(amountMinor ?? 0),
  currency,
});

const PAYMENT_SORT = {
  createdAt: 'payments.createdAt',
  amount: 'payments.amountCents',
  status: 'payments.status',
} as const;

/** The back office's payments list with its summary cards, and its export. */
export const adminTransactionListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.database;

  /** The payments a search and its filters match. */
  const paymentsMatching = (query: Pick<z.output<typeof adminTransactionsQuerySchema>, 'q' | 'status' | 'method'>) => {
    let filtered = db.selectFrom('payments').innerJoin('users', 'users.id', 'payments.userId');
    if (query.status !== undefined) filtered = filtered.where('payments.status', '=', query.status);
    if (query.method !== undefined) filtered = filtered.where('payments.method', '=', query.method);
    if (query.q !== undefined) filtered = filtered.where(contains(kind, 'users', 'users', query.q));
    return filtered;
  };

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

  endpointRoute(
    app,
    billingAdminEndpoints.getAdminTransactions,
    {
      schema: {
        tags: ['admin'],
        summary: 'Payments: search, filter (status, method), sort, page, with the summary cards',
        description:
          "`q` matches any part of the payer's e-mail or name, literally. `summary` is computed over every payment " +
          '(not only this page or this search). Needs `billing.read`.',
        response: ERRORS,
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

  endpointRoute(
    app,
    billingAdminEndpoints.getAdminTransactionsExport,
    { schema: exportWords("Every payment the list's search and filters match, as CSV", 'billing.read') },
    async (request, reply) => {
      const query = request.query as z.output<typeof adminTransactionsExportQuerySchema>;
      return sendCsv(
        db,
        staffOf(request).userId,
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
};
