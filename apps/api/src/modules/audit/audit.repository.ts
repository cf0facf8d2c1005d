import { type adminAuditQuerySchema, dayRange } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import type { DatabaseKind } from '../../db/index';
import { contains } from '../../lib/search';

/** The audit log's filters and order, without its paging (the list's and the export's). */
export type AuditSearch = Omit<z.output<typeof adminAuditQuerySchema>, 'page' | 'pageSize'>;

/**
 * The audit module's queries (docs/decisions/056-module-shape.md): the entries the filters match, with the
 * actor's name and e-mail, newest first unless asked otherwise (docs/decisions/027-back-office-actions-and-audit.md).
 */
export function searchAuditLog(db: Kysely<Database>, kind: DatabaseKind, query: AuditSearch) {
  const { start, end } = dayRange(query.from, query.to);
  let filtered = db.selectFrom('auditLog').leftJoin('users as actor', 'actor.id', 'auditLog.actorId');
  if (query.action !== undefined) filtered = filtered.where('auditLog.action', '=', query.action);
  if (start !== undefined) filtered = filtered.where('auditLog.createdAt', '>=', start);
  if (end !== undefined) filtered = filtered.where('auditLog.createdAt', '<', end);
  if (query.q !== undefined) filtered = filtered.where(contains(kind, 'users', 'actor', query.q));
  const order = query.order === 'asc' ? 'asc' : 'desc';
  return {
    count: () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
    rows: (limit: number, offset: number) =>
      filtered
        .selectAll('auditLog')
        .select(['actor.firstName', 'actor.lastName', 'actor.email'])
        .orderBy('auditLog.createdAt', order)
        .orderBy('auditLog.id', order)
        .limit(limit)
        .offset(offset)
        .execute(),
  };
}
