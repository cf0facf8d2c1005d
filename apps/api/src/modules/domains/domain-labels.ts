import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { domainLabelRows } from './domain-labels.repository';

/**
 * The names of the domains among `ids`, in one query: how another module names these records by id (the audit log names
 * the record an entry is about, docs/decisions/048-operator-journeys.md).
 */
export function domainLabels(db: Kysely<Database>, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  return domainLabelRows(db, ids);
}
