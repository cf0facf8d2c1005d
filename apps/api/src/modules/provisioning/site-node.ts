import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findWebNodesAmong } from '../servers/provisioning.port';
import { doneWebNodeTaskServers } from './provisioning.repository';

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
 * all ask it. At most three queries whatever the number of services (the servers are the servers module's).
 */
export async function findSiteNodes(
  db: Kysely<Database>,
  services: readonly { id: string; serverId: string | null }[],
): Promise<Map<string, SiteNode>> {
  const found = new Map<string, SiteNode>();
  if (services.length === 0) return found;
  const ownIds = [...new Set(services.map((s) => s.serverId).filter((id): id is string => id !== null))];
  const own = await findWebNodesAmong(db, ownIds);
  const rest: string[] = [];
  for (const service of services) {
    const node = own.find((server) => server.id === service.serverId);
    if (node) found.set(service.id, node);
    else rest.push(service.id);
  }
  if (rest.length === 0) return found;
  const done = await doneWebNodeTaskServers(db, rest);
  const nodes = await findWebNodesAmong(db, [
    ...new Set(done.map((t) => t.serverId).filter((id): id is string => id !== null)),
  ]);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  // Newest first: the first task of each service that ran on a server that is still a web node is where its site is.
  for (const { resourceId, serverId } of done) {
    const node = serverId === null ? undefined : byId.get(serverId);
    if (node && !found.has(resourceId)) found.set(resourceId, node);
  }
  return found;
}

/** findSiteNodes for one service: undefined while no node holds its site. */
export async function findSiteNode(
  db: Kysely<Database>,
  service: { id: string; serverId: string | null },
): Promise<SiteNode | undefined> {
  return (await findSiteNodes(db, [service])).get(service.id);
}
