import {
  type adminOrdersExportQuerySchema,
  type adminOrdersQuerySchema,
  orderingAdminEndpoints,
  orderingEndpoints,
} from '@hostpilot/shared';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type z } from 'zod';
import type { Database, OrderRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { attachment, batches, csvStream } from '../../lib/documents/csv-export';
import { adminTextsOf } from '../../lib/documents/texts';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { writeAudit } from '../../lib/audit';
import { contains as likeText, offsetOf, pageOf } from '../../lib/listing';
import { contains as searchText } from '../../lib/search';
import type { DatabaseKind } from '../../db/index';
import { readerLanguage } from '../../lib/reader-language';
import { staffOf } from '../../plugins/authorize';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import {
  type OrdersService,
  readOrderDetail,
  readOrderSettings,
  toOrderSummary,
  transferPendingOf,
  writeOrderSettings,
} from './orders.service';
import { endpointRoute } from '../../lib/endpoint-route';

const security = [{ bearerAuth: [] }];
const SORT_COLUMNS = {
  createdAt: 'orders.createdAt',
  number: 'orders.number',
  total: 'orders.totalCents',
  status: 'orders.status',
} as const;

type ListQuery = z.output<typeof adminOrdersQuerySchema>;

const DECISION_ERRORS = {
  ...BODY_ERRORS,
  ...STAFF_ERRORS,
  404: 'NOT_FOUND: no such order',
  409: 'INVALID_STATE: the order is not in a state this decision applies to (or was decided a moment ago)',
} as const;

/** The orders a search and filter match, with their customer. */
function matching(db: Kysely<Database>, kind: DatabaseKind, query: Pick<ListQuery, 'q' | 'status'>) {
  let rows = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.userId');
  if (query.status) rows = rows.where('orders.status', '=', query.status);
  if (query.q) {
    const q = query.q;
    // The order number literally, or the customer as the users list searches them (name or e-mail).
    rows = rows.where((eb) => eb.or([likeText(eb.ref('orders.number'), q), searchText(kind, 'users', 'users', q)]));
  }
  return rows;
}

function withDetails(
  rows: SelectQueryBuilder<Database, 'orders' | 'users', object>,
  query: Pick<ListQuery, 'sort' | 'order'>,
) {
  return rows
    .selectAll('orders')
    .select(['users.email', 'users.firstName', 'users.lastName'])
    .select((eb) =>
      eb
        .selectFrom('orderLines')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('orderLines.orderId', '=', 'orders.id')
        .as('lineCount'),
    )
    .select(transferPendingOf)
    .orderBy(SORT_COLUMNS[query.sort], query.order)
    .orderBy('orders.id', query.order);
}

const customerOf = (row: { userId: string; email: string; firstName: string; lastName: string }) => ({
  id: row.userId,
  name: `${row.firstName} ${row.lastName}`.trim(),
  email: row.email,
});

/**
 * The back office's order review (docs/decisions/032-ordering-and-checkout.md): the list with search, status
 * filter, sort, paging and CSV export; one order; Accept, Cancel (refund to the balance) and Fraud, each audited;
 * and the setting "new orders need approval".
 */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{ clock: Clock; orders: OrdersService }> = async (
  app,
  { clock, orders },
) => {
  const db = app.database.db;
  const kind = app.database.kind;

  async function detail(order: OrderRow) {
    const user = await db
      .selectFrom('users')
      .select(['id as userId', 'email', 'firstName', 'lastName'])
      .where('id', '=', order.userId)
      .executeTakeFirstOrThrow();
    const decider = order.decidedBy
      ? await db
          .selectFrom('users')
          .select(['id', 'firstName', 'lastName'])
          .where('id', '=', order.decidedBy)
          .executeTakeFirst()
      : undefined;
    return {
      ...(await readOrderDetail(db, order)),
      customer: customerOf(user),
      decidedBy: decider ? { id: decider.id, name: `${decider.firstName} ${decider.lastName}`.trim() } : null,
    };
  }

  endpointRoute(
    app,
    orderingEndpoints.getAdminOrders,
    {
      schema: {
        tags: ['admin'],
        summary: 'Every order: search by number or customer, filter by status, sort, page',
        security,
        response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request) => {
      const query = request.query as ListQuery;
      const rows = matching(db, kind, query);
      const { total } = await rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const items = await withDetails(rows, query).limit(query.pageSize).offset(offsetOf(query)).execute();
      return pageOf(
        query,
        Number(total),
        items.map((row) => ({
          ...toOrderSummary(row, Number(row.lineCount ?? 0), Boolean(row.transferPending)),
          customer: customerOf(row),
        })),
      );
    },
  );

  endpointRoute(
    app,
    orderingEndpoints.getAdminOrdersExport,
    {
      schema: {
        tags: ['admin'],
        summary: "Every order the list's search and filter match, as CSV",
        description:
          "The list's `q`, `status` and sort; `page` and `pageSize` are ignored (all rows), `lang` picks the " +
          "headings' language (else the caller's). UTF-8 with a byte-order mark; commas in English, semicolons in " +
          'Russian; formula cells start with an apostrophe. Needs `orders.read`.',
        security,
        produces: ['text/csv'],
        response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request, reply) => {
      const query = request.query as z.output<typeof adminOrdersExportQuerySchema>;
      const language = await readerLanguage(db, staffOf(request).userId, query.lang);
      const t = adminTextsOf(language);
      const rows = async function* () {
        for await (const page of batches((limit, offset) =>
          withDetails(matching(db, kind, query), query)
            .limit(limit)
            .offset(offset)
            .execute(),
        )) {
          yield page.map((row) => [
            row.number,
            new Date(row.createdAt).toISOString(),
            `${row.firstName} ${row.lastName}`.trim(),
            row.email,
            t(`orders.status.${row.status}`),
            String(Number(row.lineCount ?? 0)),
            (row.totalCents / 100).toFixed(2),
            row.currency,
          ]);
        }
      };
      const heading = [
        t('orders.columns.number'),
        t('orders.columns.date'),
        t('orders.columns.customer'),
        t('orders.columns.email'),
        t('orders.columns.status'),
        t('orders.columns.items'),
        t('orders.columns.total'),
        t('orders.columns.currency'),
      ];
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${t('orders.exportFile')}.csv`))
        .header('cache-control', 'private, no-store')
        .send(csvStream(language, heading, rows()) as never);
    },
  );

  endpointRoute(
    app,
    orderingEndpoints.getAdminOrdersSettings,
    {
      schema: {
        tags: ['admin'],
        summary: 'Whether new orders need approval',
        security,
        response: errorResponses(STAFF_ERRORS),
      },
    },
    async () => readOrderSettings(db),
  );

  endpointRoute(
    app,
    orderingEndpoints.putAdminOrdersSettings,
    {
      schema: {
        tags: ['admin'],
        summary: 'Turn "new orders need approval" on or off',
        description: 'On (the default), a paid order waits for Accept. Recorded in the audit log.',
        security,
        response: errorResponses({ ...BODY_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await readOrderSettings(trx);
        await writeOrderSettings(trx, request.body, staff.userId, now);
        await writeAudit(trx, {
          actorId: staff.userId,
          action: 'settings.orders.update',
          entityType: 'settings',
          entityId: 'orders.requireApproval',
          before,
          after: request.body,
          clientIp: request.ip,
          now,
        });
      });
      return readOrderSettings(db);
    },
  );

  endpointRoute(
    app,
    orderingEndpoints.getAdminOrdersItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'One order: customer, lines, invoice, payments and the decision',
        security,
        response: {
          ...errorResponses({ ...STAFF_ERRORS, 404: 'NOT_FOUND: no such order' }),
        },
      },
    },
    async (request) => {
      const order = await db.selectFrom('orders').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!order) throw new AppError('NOT_FOUND');
      return detail(order);
    },
  );

  endpointRoute(
    app,
    orderingEndpoints.postAdminOrdersAccept,
    {
      schema: {
        tags: ['admin'],
        summary: 'Accept a paid order waiting for review: its services start and its domains are registered',
        description:
          'OUT_OF_CAPACITY or DOMAIN_UNAVAILABLE when that can no longer be done (nothing changes; cancel it to ' +
          'refund). Recorded in the audit log. Needs `orders.write`.',
        security,
        response: {
          ...errorResponses({
            ...STAFF_ERRORS,
            404: 'NOT_FOUND: no such order',
            409: 'INVALID_STATE (not awaiting review), OUT_OF_CAPACITY, DOMAIN_UNAVAILABLE',
          }),
        },
      },
    },
    async (request) => detail(await orders.accept(request.params.id, staffOf(request).userId, request.ip)),
  );

  for (const decision of ['cancel', 'fraud'] as const) {
    endpointRoute(
      app,
      decision === 'cancel'
        ? orderingAdminEndpoints.postAdminOrdersCancel
        : orderingAdminEndpoints.postAdminOrdersFraud,
      {
        schema: {
          tags: ['admin'],
          summary:
            decision === 'cancel'
              ? 'Cancel an order with a reason; what was paid goes back to the balance (ledger credit)'
              : 'Flag an order as fraud with a reason (no refund); nothing of it runs',
          description: 'Recorded in the audit log. Needs `orders.write`.',
          response: errorResponses(DECISION_ERRORS),
        },
      },
      async (request) =>
        detail(
          await orders.decide(request.params.id, decision, request.body.reason, staffOf(request).userId, request.ip),
        ),
    );
  }
};
