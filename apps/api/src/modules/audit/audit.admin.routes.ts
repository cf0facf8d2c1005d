import { auditEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachment } from '../../lib/documents/csv-export';
import { endpointRoute } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/errors';
import { readerLanguage } from '../../lib/reader-language';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { staffOf } from '../../plugins/authorize';
import { exportAuditLog } from './export-audit-log';
import { listAuditLog } from './list-audit-log';

/**
 * GET /admin/audit: the audit log, newest first, filtered by actor (`q`: any part of the actor's e-mail or
 * name), action and days (docs/decisions/027-back-office-actions-and-audit.md). Read only: no route edits or
 * deletes an entry.
 */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.database;

  endpointRoute(
    app,
    auditEndpoints.getAdminAuditExport,
    {
      schema: {
        tags: ['admin'],
        summary: 'Every audit entry the filters match, as CSV',
        description:
          "The log's `q`, filters and order; `page` and `pageSize` are ignored (all entries), `lang` picks the " +
          "headings' language. Streamed; UTF-8 with a byte-order mark; formula cells start with an apostrophe. " +
          'Needs `audit.read`.',
        produces: ['text/csv'],
        response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request, reply) => {
      const language = await readerLanguage(db, staffOf(request).userId, request.query.lang);
      const { fileName, stream } = exportAuditLog(db, kind, request.query, language);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'private, no-store')
        .send(stream as never);
    },
  );

  endpointRoute(
    app,
    auditEndpoints.getAdminAudit,
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log: filter by actor, action and dates; page',
        description:
          "`q` matches any part of the actor's e-mail or name; `from` and `to` are days (UTC), both included. " +
          'Values before and after are JSON with secrets masked. Needs `audit.read`.',
        response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request) => listAuditLog(db, kind, request.query),
  );
};
