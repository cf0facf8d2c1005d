import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The order lines that made these services, with the data centre and game each chose (order-choices.ts). */
export const orderLinesOfServices = (db: Kysely<Database>, serviceIds: string[]) =>
  db.selectFrom('orderLines').select(['serviceId', 'location', 'game']).where('serviceId', 'in', serviceIds).execute();
