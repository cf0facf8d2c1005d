import type { AdminAuditEntry, adminAuditQuerySchema } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database } from '../../db/schema';
import { fullName, iso, pageOf } from '../../lib/staff-list';
import { auditTargets } from './audit-targets';
import { searchAuditLog } from './audit.repository';

const parsed = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * One page of the audit log for the staff list: the entries the filters match, each with its actor and the name
 * of its record (docs/decisions/027-back-office-actions-and-audit.md, 048-operator-journeys.md).
 */
export function listAuditLog(db: Kysely<Database>, kind: DatabaseKind, query: z.output<typeof adminAuditQuerySchema>) {
  const { count, rows } = searchAuditLog(db, kind, query);
  // The records' names for the whole page at once (decision 048): one lookup per kind, not per row.
  const named = async (limit: number, offset: number) => {
    const page = await rows(limit, offset);
    const targets = await auditTargets(db, page);
    return page.map((row) => ({ ...row, target: targets.get(`${row.entityType}:${row.entityId}`) ?? null }));
  };
  return pageOf(query, count, named, (row): AdminAuditEntry => ({
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
  }));
}
