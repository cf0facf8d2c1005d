import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { domainExists } from '../domains';
import { serviceExists } from '../services';
import { statusHistoryRows } from './scheduler.repository';

/** How many changes the back office shows. */
const HISTORY_LIMIT = 200;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A service's or a domain's status history, newest first (at most 200 changes), with who made each change;
 * 404 when there is no such service or domain (docs/decisions/030-lifecycle-automation.md).
 */
export async function statusHistory(db: Kysely<Database>, entityType: 'service' | 'domain', id: string) {
  const exists = entityType === 'service' ? await serviceExists(db, id) : await domainExists(db, id);
  if (!exists) throw new AppError('NOT_FOUND');
  const rows = await statusHistoryRows(db, entityType, id, HISTORY_LIMIT);
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: iso(row.createdAt),
      from: row.fromStatus,
      to: row.toStatus,
      reason: row.reason,
      job: row.job,
      actor: row.actorId ? { id: row.actorId, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() } : null,
    })),
  };
}
