import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { orderLabelRows } from './order-labels.repository';

/**
 * The numbers of the orders among `ids`, in one query: how another module names these records by id (the audit log
 * names the record an entry is about, docs/decisions/048-operator-journeys.md).
 */
export function orderLabels(db: Kysely<Database>, ids: readonly string[]): Promise<{ id: string; number: string }[]> {
  return orderLabelRows(db, ids);
}
