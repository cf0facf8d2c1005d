import type { ServerType } from '@hostpilot/shared';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Whether new services may be placed on a server beyond its status and capacity: not when its last connection
 * test failed, nor when it carries a driver that serves no placed services (a DNS server, a certificate
 * authority; docs/decisions/042-provisioning-engine.md).
 */
function placeable(eb: ExpressionBuilder<Database, 'servers'>) {
  return eb.and([
    eb.or([eb('servers.connectionStatus', 'is', null), eb('servers.connectionStatus', '!=', 'failed')]),
    eb.or([eb('servers.driverType', 'is', null), eb('servers.driverType', 'not in', ['powerdns', 'acme'])]),
  ]);
}

/** A no-op update of the server's row: it holds the row's lock until the transaction ends. */
export async function lockServerRow(trx: Kysely<Database>, serverId: string): Promise<void> {
  await trx
    .updateTable('servers')
    .set((eb) => ({ capacity: eb.ref('capacity') }))
    .where('id', '=', serverId)
    .execute();
}

export async function serverCapacityById(trx: Kysely<Database>, serverId: string): Promise<number | undefined> {
  const row = await trx.selectFrom('servers').select('capacity').where('id', '=', serverId).executeTakeFirst();
  return row?.capacity;
}

/** The active, placeable servers of a type in a city, with their capacity, in name and id order. */
export function placeableServerRows(
  trx: Kysely<Database>,
  location: string,
  type: ServerType,
): Promise<{ id: string; capacity: number }[]> {
  return trx
    .selectFrom('servers')
    .select(['servers.id', 'servers.capacity'])
    .where('servers.location', '=', location as never)
    .where('servers.type', '=', type)
    .where('servers.status', '=', 'active')
    .where(placeable)
    .orderBy('servers.name')
    .orderBy('servers.id')
    .execute();
}
