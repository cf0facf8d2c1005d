import { operationsEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/errors';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { iso, pageOf } from '../../lib/staff-list';
import { ERROR_LOG_LIMIT } from './error-log';

/** GET /admin/error-logs: the recent server errors, newest first. Administrators (`settings.read`). */
export const adminErrorLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  endpointRoute(
    app,
    operationsEndpoints.getAdminErrorLogs,
    {
      schema: {
        tags: ['admin'],
        summary: "The API's recent server errors",
        description:
          `Every 5xx answer of any instance: time, request id, method, route pattern, status, error name and a ` +
          `message with secrets taken out; no bodies or query strings. The newest ${ERROR_LOG_LIMIT} are kept.`,
        response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request) => {
      const query = request.query;
      const order = query.order === 'asc' ? 'asc' : 'desc';
      return pageOf(
        query,
        () =>
          db
            .selectFrom('errorLog')
            .select((eb) => eb.fn.countAll<number>().as('total'))
            .executeTakeFirst(),
        (limit, offset) =>
          db
            .selectFrom('errorLog')
            .selectAll()
            .orderBy('createdAt', order)
            .orderBy('id', order)
            .limit(limit)
            .offset(offset)
            .execute(),
        (row) => ({
          id: row.id,
          createdAt: iso(row.createdAt),
          requestId: row.requestId,
          method: row.method,
          route: row.route,
          status: row.status,
          errorName: row.errorName,
          message: row.message,
        }),
      );
    },
  );
};
