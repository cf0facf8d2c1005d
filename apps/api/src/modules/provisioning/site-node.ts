import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The web node that holds a hosting service's site: the service's own server when it has the web-node driver,
 * otherwise the one its last finished web-node task ran on. The engine may make a site on a web node without moving
 * the service's row (a service placed before its server had a driver, as the demo's are,
 * docs/decisions/042-provisioning-engine.md), so the row alone does not say. Undefined while no node holds it.
 * The customer's file manager and databases ask this before each call to the node.
 */
export async function findSiteNode(db: Kysely<Database>, service: { id: string; serverId: string | null }) {
  const columns = ['servers.id', 'servers.driverType', 'servers.connectionSettings'] as const;
  if (service.serverId) {
    const own = await db
      .selectFrom('servers')
      .select(columns)
      .where('id', '=', service.serverId)
      .where('driverType', '=', 'web-node')
      .executeTakeFirst();
    if (own) return own;
  }
  return db
    .selectFrom('provisioningTasks')
    .innerJoin('servers', 'servers.id', 'provisioningTasks.serverId')
    .select(columns)
    .where('provisioningTasks.resourceType', '=', 'service')
    .where('provisioningTasks.resourceId', '=', service.id)
    .where('provisioningTasks.driverType', '=', 'web-node')
    .where('provisioningTasks.status', '=', 'done')
    .where('servers.driverType', '=', 'web-node')
    .orderBy('provisioningTasks.finishedAt', 'desc')
    .orderBy('provisioningTasks.id', 'desc')
    .executeTakeFirst();
}
