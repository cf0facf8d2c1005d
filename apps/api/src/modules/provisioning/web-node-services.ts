import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { servicesWithWebNodeTasks } from './web-node-services.repository';

/**
 * The ids among `serviceIds` of the services a web node serves by a task of its driver: a site made on a web node
 * by the engine's fallback when its own server has no driver is on one too (docs/decisions/058-usage-and-limits.md).
 */
export async function servicesOnWebNodes(db: Kysely<Database>, serviceIds: string[]): Promise<Set<string>> {
  if (serviceIds.length === 0) return new Set();
  return new Set((await servicesWithWebNodeTasks(db, serviceIds)).map((row) => row.resourceId));
}
