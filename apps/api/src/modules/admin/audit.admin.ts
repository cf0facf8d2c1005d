import { type AdminAuditEntry, adminAuditPageSchema, adminAuditQuerySchema, dayRange } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponses } from '../../lib/errors';
import { LIST_ERRORS, STAFF_ERRORS } from './errors';
import { fullName, iso, pageOf } from './list';
import { contains } from './search';

type Query = z.output<typeof adminAuditQuerySchema>;

const parsed = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * GET /admin/audit: the audit log, newest first, filtered by actor (`q`: any part of the actor's e-mail or
 * name), action and days (docs/decisions/027-back-office-actions-and-audit.md). Read only: no route edits or
 * deletes an entry.
 */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.database;

  app.get(
    '/audit',
    {
      config: { access: 'audit.read' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log: filter by actor, action and dates; page',
        description:
          "`q` matches any part of the actor's e-mail or name; `from` and `to` are days (UTC), both included. " +
          'Values before and after are JSON with secrets masked. Needs `audit.read`.',
        security: [{ bearerAuth: [] }],
        querystring: adminAuditQuerySchema,
        response: {
          200: adminAuditPageSchema.describe('One page of entries, newest first, and the total that match'),
          ...errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
        },
      },
    },
    async (request) => {
      const query = request.query as Query;
      const { start, end } = dayRange(query.from, query.to);
      let filtered = db.selectFrom('auditLog').leftJoin('users as actor', 'actor.id', 'auditLog.actorId');
      if (query.action !== undefined) filtered = filtered.where('auditLog.action', '=', query.action);
      if (start !== undefined) filtered = filtered.where('auditLog.createdAt', '>=', start);
      if (end !== undefined) filtered = filtered.where('auditLog.createdAt', '<', end);
      if (query.q !== undefined) filtered = filtered.where(contains(kind, 'users', 'actor', query.q));
      const order = query.order === 'asc' ? 'asc' : 'desc';
      return pageOf(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        (limit, offset) =>
          filtered
            .selectAll('auditLog')
            .select(['actor.firstName', 'actor.lastName', 'actor.email'])
            .orderBy('auditLog.createdAt', order)
            .orderBy('auditLog.id', order)
            .limit(limit)
            .offset(offset)
            .execute(),
        (row): AdminAuditEntry => ({
          id: row.id,
          actor:
            row.actorId && row.email !== null
              ? { id: row.actorId, name: fullName(row.firstName ?? '', row.lastName ?? ''), email: row.email }
              : null,
          action: row.action,
          entityType: row.entityType,
          entityId: row.entityId,
          before: parsed(row.before),
          after: parsed(row.after),
          clientIp: row.clientIp,
          createdAt: iso(row.createdAt),
        }),
      );
    },
  );
};
