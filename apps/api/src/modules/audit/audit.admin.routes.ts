import { type AdminAuditEntry, type adminAuditQuerySchema, auditEndpoints, dayRange } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { endpointRoute } from '../../lib/endpoint-route';
import { attachment, batches, csvStream } from '../../lib/documents/csv-export';
import { adminTextsOf } from '../../lib/documents/texts';
import { readerLanguage } from '../../lib/reader-language';
import { staffOf } from '../../plugins/authorize';
import { errorResponses } from '../../lib/errors';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { auditTargets } from './audit-targets';
import { fullName, iso, pageOf } from '../../lib/staff-list';
import { contains } from '../../lib/search';

type Query = z.output<typeof adminAuditQuerySchema>;

const parsed = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * GET /admin/audit: the audit log, newest first, filtered by actor (`q`: any part of the actor's e-mail or
 * name), action and days (docs/decisions/027-back-office-actions-and-audit.md). Read only: no route edits or
 * deletes an entry.
 */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.database;

  /** The entries the filters match, newest first unless asked otherwise (the list's and the export's). */
  const search = (query: Omit<Query, 'page' | 'pageSize'>) => {
    const { start, end } = dayRange(query.from, query.to);
    let filtered = db.selectFrom('auditLog').leftJoin('users as actor', 'actor.id', 'auditLog.actorId');
    if (query.action !== undefined) filtered = filtered.where('auditLog.action', '=', query.action);
    if (start !== undefined) filtered = filtered.where('auditLog.createdAt', '>=', start);
    if (end !== undefined) filtered = filtered.where('auditLog.createdAt', '<', end);
    if (query.q !== undefined) filtered = filtered.where(contains(kind, 'users', 'actor', query.q));
    const order = query.order === 'asc' ? 'asc' : 'desc';
    const rows = (limit: number, offset: number) =>
      filtered
        .selectAll('auditLog')
        .select(['actor.firstName', 'actor.lastName', 'actor.email'])
        .orderBy('auditLog.createdAt', order)
        .orderBy('auditLog.id', order)
        .limit(limit)
        .offset(offset)
        .execute();
    return { filtered, rows };
  };

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
      const query = request.query;
      const language = await readerLanguage(db, staffOf(request).userId, query.lang);
      const t = adminTextsOf(language);
      const { rows } = search(query);
      const lines = async function* () {
        for await (const page of batches(rows)) {
          yield page.map((row) => [
            iso(row.createdAt),
            row.email ?? t('audit.system'),
            t(`audit.actions.${row.action.replace(/\./g, '_')}`, { defaultValue: row.action }),
            [row.entityType, row.entityId].filter(Boolean).join(' '),
            row.before ?? '',
            row.after ?? '',
            row.clientIp ?? '',
          ]);
        }
      };
      const heading = [
        t('audit.columns.when'),
        t('audit.columns.actor'),
        t('audit.columns.action'),
        t('audit.columns.record'),
        t('audit.before'),
        t('audit.after'),
        t('audit.columns.address'),
      ];
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${t('audit.exportFile')}.csv`))
        .header('cache-control', 'private, no-store')
        .send(csvStream(language, heading, lines()) as never);
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
    async (request) => {
      const query = request.query;
      const { filtered, rows } = search(query);
      // The records' names for the whole page at once (decision 048): one lookup per kind, not per row.
      const named = async (limit: number, offset: number) => {
        const page = await rows(limit, offset);
        const targets = await auditTargets(db, page);
        return page.map((row) => ({ ...row, target: targets.get(`${row.entityType}:${row.entityId}`) ?? null }));
      };
      return pageOf(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        named,
        (row): AdminAuditEntry => ({
          id: row.id,
          actor:
            row.actorId && row.email !== null
              ? { id: row.actorId, name: fullName(row.firstName ?? '', row.lastName ?? ''), email: row.email }
              : null,
          action: row.action,
          entityType: row.entityType,
          entityId: row.entityId,
          target: row.target,
          before: parsed(row.before),
          after: parsed(row.after),
          clientIp: row.clientIp,
          createdAt: iso(row.createdAt),
        }),
      );
    },
  );
};
