import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { orderLinesOfServices } from './order-choices.repository';

/**
 * The data centre and game each of these services' order line chose at checkout, by service id: the customer's
 * server pages show them (docs/decisions/053-servers-section-guest-tickets-and-blog-addresses.md).
 */
export async function orderChoicesOf(
  db: Kysely<Database>,
  serviceIds: string[],
): Promise<Map<string, { location: string | null; game: string | null }>> {
  const choices = new Map<string, { location: string | null; game: string | null }>();
  if (serviceIds.length === 0) return choices;
  for (const line of await orderLinesOfServices(db, serviceIds))
    if (line.serviceId) choices.set(line.serviceId, { location: line.location, game: line.game });
  return choices;
}
