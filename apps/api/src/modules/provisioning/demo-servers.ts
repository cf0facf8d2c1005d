import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, ServerRow } from '../../db/schema';
import { insertServer, serverIdNamed } from '../servers/provisioning.port';
import { resourcesWithTasks } from './provisioning.repository';
import { enqueueProvisioning, type ResourceType } from './tasks';

/**
 * The server row of one of `npm start`'s own demo services (the DNS server of demo-dns.ts, the web node of
 * demo-web-node.ts, the certificate authority of modules/certificates/demo-ca.ts): found by its name, or inserted
 * with the given description the first time.
 */
export async function demoServerId(
  trx: Kysely<Database>,
  server: Pick<ServerRow, 'name' | 'type' | 'ip' | 'cpuModel' | 'storageGb' | 'capacity'>,
  at: number,
): Promise<string> {
  const found = await serverIdNamed(trx, server.name);
  if (found) return found;
  const id = randomUUID();
  await insertServer(trx, {
    id,
    ...server,
    location: 'london',
    status: 'active',
    cpuCores: 1,
    ramGb: 1,
    bandwidthGbps: 1,
    createdAt: at,
    updatedAt: at,
  });
  return id;
}

/** Queues a `create` for each of these resources that has never had a provisioning task (a first start). */
export async function queueFirstCreates(
  trx: Kysely<Database>,
  resourceType: ResourceType,
  ids: readonly string[],
  at: number,
): Promise<void> {
  if (ids.length === 0) return;
  const queued = await resourcesWithTasks(trx, resourceType, ids);
  for (const id of ids) {
    if (!queued.has(id)) await enqueueProvisioning(trx, { resourceType, resourceId: id, operation: 'create', now: at });
  }
}
