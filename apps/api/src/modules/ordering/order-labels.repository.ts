import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The numbers of the orders among `ids`. */
export function orderLabelRows(db: Kysely<Database>, ids: readonly string[]) {
  return db.selectFrom('orders').select(['id', 'number']).where('id', 'in', ids).execute();
}
