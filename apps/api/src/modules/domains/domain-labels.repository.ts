import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The names of the domains among `ids`. */
export function domainLabelRows(db: Kysely<Database>, ids: readonly string[]) {
  return db.selectFrom('domains').select(['id', 'name']).where('id', 'in', ids).execute();
}
