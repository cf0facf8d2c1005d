import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The name and domain of the services among `ids`. */
export function serviceLabelRows(db: Kysely<Database>, ids: readonly string[]) {
  return db.selectFrom('services').select(['id', 'name', 'domain']).where('id', 'in', ids).execute();
}
