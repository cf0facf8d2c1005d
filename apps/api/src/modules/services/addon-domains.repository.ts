import type { Insertable, Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/index';
import type { Database, ServiceDomainsTable } from '../../db/schema';

/**
 * The queries of a hosting service's addon domains (docs/decisions/069-addon-domains.md): the `service_domains`
 * rows, and the hosting services whose names they must not clash with.
 */

/** Statuses the web node is asked to serve: a name being removed is left out of the next task. */
export const SERVED_STATUSES = ['adding', 'active'] as const;

/** The owner's hosting service (undefined for anyone else's), locked for the change on PostgreSQL. */
export function findOwnHostingForAddons(
  trx: Kysely<Database>,
  kind: DatabaseKind | 'sqlite',
  userId: string,
  serviceId: string,
) {
  const query = trx
    .selectFrom('services')
    .select(['id', 'userId', 'planId', 'pendingPlanId', 'status', 'domain'])
    .where('id', '=', serviceId)
    .where('userId', '=', userId)
    .where('kind', '=', 'hosting');
  return (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The service's addon domains, oldest first. */
export const addonDomainsOf = (db: Kysely<Database>, serviceId: string) =>
  db
    .selectFrom('serviceDomains')
    .select(['name', 'status', 'createdAt'])
    .where('serviceId', '=', serviceId)
    .orderBy('createdAt')
    .orderBy('name')
    .execute();

/** The names of the service's addon domains its site should serve now, oldest first. */
export async function servedAddonNames(db: Kysely<Database>, serviceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('serviceDomains')
    .select('name')
    .where('serviceId', '=', serviceId)
    .where('status', 'in', SERVED_STATUSES)
    .orderBy('createdAt')
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}

/** How many addon domains the service's site serves or is adding. */
export async function servedAddonCount(db: Kysely<Database>, serviceId: string): Promise<number> {
  const served = await db
    .selectFrom('serviceDomains')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('serviceId', '=', serviceId)
    .where('status', 'in', SERVED_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(served.count);
}

/** The addon domain `name` wherever it is, with its service's owner and status; undefined when none has it. */
export const addonDomainNamed = (trx: Kysely<Database>, name: string) =>
  trx
    .selectFrom('serviceDomains')
    .innerJoin('services', 'services.id', 'serviceDomains.serviceId')
    .select([
      'serviceDomains.serviceId',
      'serviceDomains.status',
      'services.userId',
      'services.status as serviceStatus',
    ])
    .where('serviceDomains.name', '=', name)
    .executeTakeFirst();

/** Frees the name of an addon domain (one left on a cancelled service). */
export async function deleteAddonDomainNamed(trx: Kysely<Database>, name: string): Promise<void> {
  await trx.deleteFrom('serviceDomains').where('name', '=', name).execute();
}

/** The owners of the live services whose main domain is one of `names`. */
export const mainDomainOwners = (trx: Kysely<Database>, names: string[]) =>
  trx.selectFrom('services').select('userId').where('domain', 'in', names).where('status', '!=', 'cancelled').execute();

export async function insertAddonDomain(trx: Kysely<Database>, row: Insertable<ServiceDomainsTable>): Promise<void> {
  await trx.insertInto('serviceDomains').values(row).execute();
}

/** The service's addon domain `name`, or undefined. */
export const findAddonDomain = (trx: Kysely<Database>, serviceId: string, name: string) =>
  trx
    .selectFrom('serviceDomains')
    .select(['name', 'status', 'createdAt'])
    .where('serviceId', '=', serviceId)
    .where('name', '=', name)
    .executeTakeFirst();

export async function markAddonDomainRemoving(
  trx: Kysely<Database>,
  serviceId: string,
  name: string,
  now: number,
): Promise<void> {
  await trx
    .updateTable('serviceDomains')
    .set({ status: 'removing', updatedAt: now })
    .where('name', '=', name)
    .where('serviceId', '=', serviceId)
    .execute();
}

/** The names among `aliases` being added to the service's site are served now. */
export async function markAliasesActive(
  db: Kysely<Database>,
  serviceId: string,
  aliases: string[],
  now: number,
): Promise<void> {
  await db
    .updateTable('serviceDomains')
    .set({ status: 'active', updatedAt: now })
    .where('serviceId', '=', serviceId)
    .where('status', '=', 'adding')
    .where('name', 'in', aliases)
    .execute();
}

/** The names being removed from the service's site and no longer among `aliases` are gone. */
export async function deleteRemovedAliases(db: Kysely<Database>, serviceId: string, aliases: string[]): Promise<void> {
  let gone = db.deleteFrom('serviceDomains').where('serviceId', '=', serviceId).where('status', '=', 'removing');
  if (aliases.length > 0) gone = gone.where('name', 'not in', aliases);
  await gone.execute();
}
