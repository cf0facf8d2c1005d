import type { ServerType } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { lockServer, placeableServers, serverCapacity } from '../servers';
import { placedServiceCount, placedServiceCounts } from './server-capacity.repository';

/**
 * The one capacity rule of placing services on servers (docs/decisions/032-ordering-and-checkout.md, "Capacity
 * race"; docs/decisions/031-server-administration.md, "What counts as placed"): a server's free slots are its
 * capacity less its services that are not cancelled. Ordering's provisioning and the back office's Add New Hosting
 * and Edit both use it. The server's row and capacity are the servers module's (servers/server-capacity.ts).
 */

/** The server type each located kind is placed on. */
export const SERVER_TYPE: Partial<Record<string, ServerType>> = {
  hosting: 'shared',
  game: 'game',
  vds: 'vds',
  dedicated: 'dedicated',
};

/**
 * Locks the server (servers' lockServer) and answers its free slots: its capacity less its services that are not
 * cancelled. Null when no server has this id. Call it inside the transaction that places the service: the lock is
 * taken before either is read, so the count is exact for the rest of that transaction.
 */
export async function lockedFreeSlots(trx: Kysely<Database>, serverId: string): Promise<number | null> {
  await lockServer(trx, serverId);
  const capacity = await serverCapacity(trx, serverId);
  if (capacity === undefined) return null;
  return capacity - (await placedServiceCount(trx, serverId));
}

/**
 * The servers a located line may go on (active, placeable, of its type and city), each with its free slots as
 * read now without a lock, in name and id order: a ranking that placement checks again under the lock
 * (lockedFreeSlots) before it takes a slot.
 */
export async function freeCapacity(
  trx: Kysely<Database>,
  location: string,
  type: ServerType,
): Promise<{ id: string; free: number }[]> {
  const servers = await placeableServers(trx, location, type);
  if (servers.length === 0) return [];
  const placed = await placedServiceCounts(
    trx,
    servers.map((server) => server.id),
  );
  return servers.map((server) => ({ id: server.id, free: server.capacity - (placed.get(server.id) ?? 0) }));
}
