import type { ServerType } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { lockServerRow, placeableServerRows, serverCapacityById } from './server-capacity.repository';

/**
 * The servers' side of the capacity rule (docs/decisions/032-ordering-and-checkout.md, "Capacity race";
 * docs/decisions/031-server-administration.md, "What counts as placed"); the services module counts what is
 * placed (services/server-capacity.ts).
 */

/**
 * Holds a server's row until the transaction ends (a no-op update, as lockAccount does for an account): two
 * placements on its last slot count its services one after the other, so only one finds the slot free.
 */
export const lockServer = (trx: Kysely<Database>, serverId: string): Promise<void> => lockServerRow(trx, serverId);

/** The server's capacity; undefined when no server has this id. */
export const serverCapacity = (trx: Kysely<Database>, serverId: string): Promise<number | undefined> =>
  serverCapacityById(trx, serverId);

/**
 * The servers a located service may go on: active, of its type and city, and placeable (no failed connection
 * test, no driver that serves no placed services), in name and id order.
 */
export const placeableServers = (
  trx: Kysely<Database>,
  location: string,
  type: ServerType,
): Promise<{ id: string; capacity: number }[]> => placeableServerRows(trx, location, type);
