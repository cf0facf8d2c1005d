import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { serverLabelRows } from './server-labels.repository';

/**
 * The name and address of the servers among `ids`, in one query: how another module names these records by id (the
 * audit log names the record an entry is about, docs/decisions/048-operator-journeys.md).
 */
export function serverLabels(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<{ id: string; name: string; ip: string }[]> {
  return serverLabelRows(db, ids);
}
