import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { serviceLabelRows } from './service-labels.repository';

/**
 * The name and domain of the services among `ids`, in one query: how another module names these records by id (the
 * audit log names the record an entry is about, docs/decisions/048-operator-journeys.md).
 */
export function serviceLabels(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<{ id: string; name: string; domain: string | null }[]> {
  return serviceLabelRows(db, ids);
}
