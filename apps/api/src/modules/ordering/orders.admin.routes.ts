import {
  type adminOrdersExportQuerySchema,
  type adminOrdersQuerySchema,
  orderingAdminEndpoints,
  orderingEndpoints,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { attachment, csvStream } from '../../lib/documents/csv-export';
import { adminTextsOf } from '../../lib/documents/texts';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { readerLanguage } from '../../lib/reader-language';
import { staffOf } from '../../plugins/authorize';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { acceptOrder } from './accept-order';
import { decideOrder } from './decide-order';
import type { OrderDeps } from './order-deps';
import { readOrderSettings } from './order-settings';
import { endpointRoute } from '../../lib/endpoint-route';
import { listStaffOrders, orderExportRows, saveOrderSettings, staffOrderById, staffOrderDetail } from './staff-orders';

const DECISION_ERRORS = {
  ...BODY_ERRORS,
  ...STAFF_ERRORS,
  404: 'NOT_FOUND: no such order',
  409: 'INVALID_STATE: the order is not in a state this decision applies to (or was decided a moment ago)',
} as const;

/**
 * The back office's order review over HTTP (docs/decisions/032-ordering-and-checkout.md; the rules are in
 * staff-orders.ts, accept-order.ts and decide-order.ts): the list and its CSV export, one order, Accept, Cancel (refund to the
 * balance) and Fraud, each audited, and the setting "new orders need approval".
 */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{ deps: OrderDeps }> = async (app, { deps }) => {
  const db = app.database.db;
  const kind = app.database.kind;

  endpointRoute(
    app,
    orderingEndpoints.getAdminOrders,
    {
      schema: {
        tags: ['admin'],
        summary: 'Every order: search by number or customer, filter by status, sort, page',
        response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request) => listStaffOrders(db, kind, request.query as z.output<typeof adminOrdersQuerySchema>),
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
        produces: ['text/csv'],
        response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request, reply) => {
      const query = request.query as z.output<typeof adminOrdersExportQuerySchema>;
      const language = await readerLanguage(db, staffOf(request).userId, query.lang);
      const t = adminTextsOf(language);
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
        .send(csvStream(language, heading, orderExportRows(db, kind, query, t)) as never);
    },
  );

  endpointRoute(
    app,
    orderingEndpoints.getAdminOrdersSettings,
    {
      schema: {
        tags: ['admin'],
        summary: 'Whether new orders need approval',
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
        response: errorResponses({ ...BODY_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request) =>
      saveOrderSettings(db, {
        settings: request.body,
        actorId: staffOf(request).userId,
        clientIp: request.ip,
        now: deps.clock.now(),
      }),
  );

  endpointRoute(
    app,
    orderingEndpoints.getAdminOrdersItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'One order: customer, lines, invoice, payments and the decision',
        response: {
          ...errorResponses({ ...STAFF_ERRORS, 404: 'NOT_FOUND: no such order' }),
        },
      },
    },
    async (request) => staffOrderById(db, request.params.id),
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
        response: {
          ...errorResponses({
            ...STAFF_ERRORS,
            404: 'NOT_FOUND: no such order',
            409: 'INVALID_STATE (not awaiting review), OUT_OF_CAPACITY, DOMAIN_UNAVAILABLE',
          }),
        },
      },
    },
    async (request) =>
      staffOrderDetail(db, await acceptOrder(deps, request.params.id, staffOf(request).userId, request.ip)),
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
        staffOrderDetail(
          db,
          await decideOrder(
            deps,
            request.params.id,
            decision,
            request.body.reason,
            staffOf(request).userId,
            request.ip,
          ),
        ),
    );
  }
};
