import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const COLUMNS = ['servers.id', 'servers.driverType', 'servers.connectionSettings'] as const;

export interface SiteNode {
  id: string;
  driverType: string | null;
  connectionSettings: string | null;
}

/**
 * The web node that holds each hosting service's site: the service's own server when it has the web-node driver,
 * otherwise the one its last finished web-node task ran on. The engine may make a site on a web node without moving
 * the service's row (a service placed before its server had a driver, docs/decisions/042-provisioning-engine.md),
 * so the row alone does not say. A service no node holds yet is absent from the answer. The one place that
 * answers "where is this site": the file manager, databases, addon domains, usage collection and certificates
 * all ask it. Two queries whatever the number of services.
 */
export async function findSiteNodes(
  db: Kysely<Database>,
  services: readonly { id: string; serverId: string | null }[],
): Promise<Map<string, SiteNode>> {
  const found = new Map<string, SiteNode>();
  if (services.length === 0) return found;
  const ownIds = [...new Set(services.map((s) => s.serverId).filter((id): id is string => id !== null))];
  const own = ownIds.length
    ? await db
        .selectFrom('servers')
        .select(COLUMNS)
        .where('id', 'in', ownIds)
        .where('driverType', '=', 'web-node')
        .execute()
    : [];
  const rest: string[] = [];
  for (const service of services) {
    const node = own.find((server) => server.id === service.serverId);
    if (node) found.set(service.id, node);
    else rest.push(service.id);
  }
  if (rest.length === 0) return found;
  const done = await db
    .selectFrom('provisioningTasks')
    .innerJoin('servers', 'servers.id', 'provisioningTasks.serverId')
    .select([...COLUMNS, 'provisioningTasks.resourceId'])
    .where('provisioningTasks.resourceType', '=', 'service')
    .where('provisioningTasks.resourceId', 'in', rest)
    .where('provisioningTasks.driverType', '=', 'web-node')
    .where('provisioningTasks.status', '=', 'done')
    .where('servers.driverType', '=', 'web-node')
    .orderBy('provisioningTasks.finishedAt', 'desc')
    .orderBy('provisioningTasks.id', 'desc')
    .execute();
  // Newest first: the first row of each service is where its site is now.
  for (const { resourceId, ...node } of done) if (!found.has(resourceId)) found.set(resourceId, node);
  return found;
}

/** findSiteNodes for one service: undefined while no node holds its site. */
export async function findSiteNode(
  db: Kysely<Database>,
  service: { id: string; serverId: string | null },
): Promise<SiteNode | undefined> {
  return (await findSiteNodes(db, [service])).get(service.id);
}
