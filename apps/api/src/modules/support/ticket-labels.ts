import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ticketLabelRows } from './support.repository';

/**
 * The number and subject of the tickets among `ids`, in one query: how another module names tickets by id (the
 * audit log names the record an entry is about, docs/decisions/048-operator-journeys.md).
 */
export function ticketLabels(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<{ id: string; number: number; subject: string }[]> {
  return ticketLabelRows(db, ids);
}
