import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The name and address of the servers among `ids`. */
export function serverLabelRows(db: Kysely<Database>, ids: readonly string[]) {
  return db.selectFrom('servers').select(['id', 'name', 'ip']).where('id', 'in', ids).execute();
}
