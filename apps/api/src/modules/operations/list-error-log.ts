import type { adminErrorLogQuerySchema } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { iso, pageOf } from '../../lib/staff-list';
import { countErrorLog, errorLogRows } from './operations.repository';

/** The back office's error log: one page of the recent server errors, newest first unless asked otherwise. */
export function listErrorLog(db: Kysely<Database>, query: z.output<typeof adminErrorLogQuerySchema>) {
  const order = query.order === 'asc' ? 'asc' : 'desc';
  return pageOf(
    query,
    () => countErrorLog(db),
    (limit, offset) => errorLogRows(db, order, limit, offset),
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
}
