import type { SetupState } from '@hostpilot/shared';
import type { Insertable, Kysely } from 'kysely';
import type { Database, ServicesTable, ServiceUsageTable } from '../../db/schema';
import { SERVED_STATUSES } from './addon-domains.repository';

/**
 * The services rows that ordering creates and the provisioning engine reads and writes (docs/decisions/042-provisioning-engine.md), the
 * services module's own queries, reached by other modules through index.ts (docs/decisions/056-module-shape.md).
 */

/** Writes a new service (ordering, in the transaction that provisions its order). */
export async function createService(trx: Kysely<Database>, service: Insertable<ServicesTable>): Promise<void> {
  await trx.insertInto('services').values(service).execute();
}

/** Who owns a service, and what provisions it. */
export const findServiceForTask = (trx: Kysely<Database>, id: string) =>
  trx.selectFrom('services').select(['userId', 'kind', 'planId']).where('id', '=', id).executeTakeFirst();

/** Sets a service's setup state. */
export async function setServiceSetupState(trx: Kysely<Database>, id: string, state: SetupState | null) {
  await trx.updateTable('services').set({ setupState: state }).where('id', '=', id).execute();
}

/** A service's name and server (the server an engine task runs against when it has that task's driver). */
export const findServiceNameAndServer = (trx: Kysely<Database>, id: string) =>
  trx.selectFrom('services').select(['name', 'serverId']).where('id', '=', id).executeTakeFirst();

/** Marks a pending service active; whether it was pending. */
export async function activatePendingService(trx: Kysely<Database>, id: string, now: number): Promise<boolean> {
  const activated = await trx
    .updateTable('services')
    .set({ status: 'active', updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(activated.numUpdatedRows) === 1;
}

/** What a driver is told of a service. */
export const findServiceTargetRow = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('services')
    .select(['id', 'userId', 'kind', 'planId', 'domain', 'status', 'serverId'])
    .where('id', '=', id)
    .executeTakeFirst();

/**
 * The servers of the hosting services that serve a domain name, as their main domain or as an addon domain
 * (docs/decisions/069-addon-domains.md), not cancelled: where the name's zone points.
 */
export async function serverIdsServingName(db: Kysely<Database>, name: string): Promise<string[]> {
  const own = await db
    .selectFrom('services')
    .select('serverId')
    .where('kind', '=', 'hosting')
    .where('domain', '=', name)
    .where('status', '!=', 'cancelled')
    .execute();
  const addon = await db
    .selectFrom('serviceDomains')
    .innerJoin('services', 'services.id', 'serviceDomains.serviceId')
    .select('services.serverId')
    .where('serviceDomains.name', '=', name)
    .where('serviceDomains.status', 'in', SERVED_STATUSES)
    .where('services.status', '!=', 'cancelled')
    .execute();
  return [...own, ...addon].flatMap((s) => (s.serverId === null ? [] : [s.serverId]));
}

/**
 * Records a site's measured usage: the latest figures, the service's own storage and bandwidth (so every reader of
 * them sees what the node measured), and, at the first measurement, drops the figures from before it (not
 * measured: the demo's generated month). One transaction.
 */
export async function recordSiteUsage(
  db: Kysely<Database>,
  serviceId: string,
  row: Omit<ServiceUsageTable, 'serviceId'>,
  used: { storageUsedMb: number; bandwidthUsedMb: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const first = !(await trx
      .selectFrom('serviceUsage')
      .select('serviceId')
      .where('serviceId', '=', serviceId)
      .executeTakeFirst());
    await trx
      .insertInto('serviceUsage')
      .values({ serviceId, ...row })
      .onConflict((oc) => oc.column('serviceId').doUpdateSet(row))
      .execute();
    await trx.updateTable('services').set(used).where('id', '=', serviceId).execute();
    if (first) await trx.deleteFrom('serviceUsageSamples').where('serviceId', '=', serviceId).execute();
  });
}
