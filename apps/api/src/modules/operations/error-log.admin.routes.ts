import { operationsEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/errors';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { ERROR_LOG_LIMIT } from './error-log';
import { listErrorLog } from './list-error-log';

/** GET /admin/error-logs: the recent server errors, newest first. Administrators (`settings.read`). */
export const adminErrorLogRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => listErrorLog(app.database.db, request.query),
  );
};
