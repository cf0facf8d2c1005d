import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, ServerRow } from '../../db/schema';
import { enqueueProvisioning, type ResourceType } from './tasks';

/**
 * The server row of one of `npm start`'s own demo services (the DNS server of demo-dns.ts, the web node of
 * demo-web-node.ts): found by its name, or inserted with the given description the first time.
 */
export async function demoServerId(
  trx: Kysely<Database>,
  server: Pick<ServerRow, 'name' | 'type' | 'ip' | 'cpuModel' | 'storageGb' | 'capacity'>,
  at: number,
): Promise<string> {
  const found = await trx.selectFrom('servers').select('id').where('name', '=', server.name).executeTakeFirst();
  if (found) return found.id;
  const id = randomUUID();
  await trx
    .insertInto('servers')
    .values({
      id,
      ...server,
      location: 'london',
      status: 'active',
      cpuCores: 1,
      ramGb: 1,
      bandwidthGbps: 1,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
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
  const queued = new Set<string>();
  // In slices, under the bound parameter limits of SQLite and PostgreSQL.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await trx
      .selectFrom('provisioningTasks')
      .select('resourceId')
      .where('resourceType', '=', resourceType)
      .where('resourceId', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) queued.add(row.resourceId);
  }
  for (const id of ids) {
    if (!queued.has(id)) await enqueueProvisioning(trx, { resourceType, resourceId: id, operation: 'create', now: at });
  }
}
