import type { ServerType } from '@hostpilot/shared';
import { type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The one capacity rule of placing services on servers (docs/decisions/032-ordering-and-checkout.md, "Capacity
 * race"; docs/decisions/031-server-administration.md, "What counts as placed"): ordering's provisioning and the
 * back office's Add New Hosting and Edit both use it.
 */

/** The server type each located kind is placed on. */
export const SERVER_TYPE: Partial<Record<string, ServerType>> = {
  hosting: 'shared',
  game: 'game',
  vds: 'vds',
  dedicated: 'dedicated',
};

/**
 * Whether new services may be placed on a server beyond its status and capacity: not when its last connection
 * test failed, nor when it carries a driver that serves no placed services (a DNS server, a certificate
 * authority; docs/decisions/042-provisioning-engine.md).
 */
export function placeable(eb: ExpressionBuilder<Database, 'servers'>) {
  return eb.and([
    eb.or([eb('servers.connectionStatus', 'is', null), eb('servers.connectionStatus', '!=', 'failed')]),
    eb.or([eb('servers.driverType', 'is', null), eb('servers.driverType', 'not in', ['powerdns', 'acme'])]),
  ]);
}

/**
 * Holds a server's row until the transaction ends (a no-op update, as lockAccount does for an account): two
 * placements on its last slot count its services one after the other, so only one finds the slot free.
 */
async function lockServer(trx: Kysely<Database>, serverId: string): Promise<void> {
  await trx
    .updateTable('servers')
    .set((eb) => ({ capacity: eb.ref('capacity') }))
    .where('id', '=', serverId)
    .execute();
}

/**
 * Locks the server (see lockServer) and answers its free slots: its capacity less its services that are not
 * cancelled. Null when no server has this id. Call it inside the transaction that places the service.
 */
export async function lockedFreeSlots(trx: Kysely<Database>, serverId: string): Promise<number | null> {
  await lockServer(trx, serverId);
  const server = await trx.selectFrom('servers').select('capacity').where('id', '=', serverId).executeTakeFirst();
  if (!server) return null;
  const placed = await trx
    .selectFrom('services')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('serverId', '=', serverId)
    .where('status', '!=', 'cancelled')
    .executeTakeFirstOrThrow();
  return server.capacity - Number(placed.n);
}
