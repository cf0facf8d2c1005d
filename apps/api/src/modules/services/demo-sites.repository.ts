import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The services rows `npm start`'s own demo services read and move (the web node of
 * modules/provisioning/demo-web-node.ts, the certificate authority of modules/certificates/demo-ca.ts): the services
 * module's own queries, reached by other modules through index.ts (docs/decisions/056-module-shape.md).
 */

/** A customer's hosting services with a domain, not cancelled: the sites a web node makes for them. */
export async function customerHostingSiteIds(trx: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('services')
    .select('id')
    .where('userId', '=', userId)
    .where('kind', '=', 'hosting')
    .where('domain', 'is not', null)
    .where('status', '!=', 'cancelled')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Which of these hosting services (not cancelled) are not on `serverId` nor on any of the servers `kept` (those
 * with a real web-node driver), or on no server at all: the sites a demo web node takes over.
 */
export async function sitesToMove(
  trx: Kysely<Database>,
  ids: readonly string[],
  serverId: string,
  kept: readonly string[],
): Promise<{ id: string; domain: string | null }[]> {
  if (ids.length === 0) return [];
  let moving = trx
    .selectFrom('services')
    .select(['id', 'domain'])
    .where('kind', '=', 'hosting')
    .where('status', '!=', 'cancelled')
    .where('id', 'in', [...ids]);
  if (kept.length > 0)
    moving = moving.where((eb) => eb.or([eb('serverId', 'is', null), eb('serverId', 'not in', [...kept])]));
  return moving.where((eb) => eb.or([eb('serverId', 'is', null), eb('serverId', '!=', serverId)])).execute();
}

/** Places these services on a server. */
export async function placeServicesOn(
  trx: Kysely<Database>,
  ids: readonly string[],
  serverId: string,
  at: number,
): Promise<void> {
  await trx
    .updateTable('services')
    .set({ serverId, updatedAt: at })
    .where('id', 'in', [...ids])
    .execute();
}

/** Every service of a customer, whatever its kind and state. */
export async function customerServiceIds(trx: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await trx.selectFrom('services').select('id').where('userId', '=', userId).execute();
  return rows.map((row) => row.id);
}

/** A customer's active or pending services with a domain, oldest first: those a certificate may be ordered for. */
export const customerServicesWithDomain = (trx: Kysely<Database>, userId: string) =>
  trx
    .selectFrom('services')
    .select(['id', 'userId', 'kind', 'planId', 'domain'])
    .where('userId', '=', userId)
    .where('status', 'in', ['active', 'pending'])
    .where('domain', 'is not', null)
    .orderBy('createdAt')
    .execute();
