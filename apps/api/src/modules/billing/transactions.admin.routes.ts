import {
  billingAdminEndpoints,
  type adminTransactionsExportQuerySchema,
  type adminTransactionsQuerySchema,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors';
import { col, exportSchema, sendCsv } from '../../lib/staff-export';
import { endpointRoute } from '../../lib/endpoint-route';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { staffOf } from '../../plugins/authorize';
import { listStaffPayments, paymentExportRows } from './staff-payments';

const ERRORS = errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS });

/** The OpenAPI words of a list's export; the query and the CSV answer are the endpoint table's. */
function exportWords(summary: string, permission: string) {
  const { querystring: _query, response: _answer, ...words } = exportSchema(summary, permission, z.unknown());
  return { ...words, response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }) };
}

/** The back office's payments list with its summary cards, and its export (the reads are in staff-payments.ts). */
export const adminTransactionListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.database;

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
    async (request) => listStaffPayments(db, kind, request.query as z.output<typeof adminTransactionsQuerySchema>),
  );

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
        (t, limit, offset) => paymentExportRows(db, kind, query, t, limit, offset),
      );
    },
  );
};
