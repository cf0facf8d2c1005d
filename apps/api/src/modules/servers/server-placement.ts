import type { AdminPlacement } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, ServersTable } from '../../db/schema';
import { activeServersOfType, serverTypeAndStatus } from './servers.repository';

/**
 * What another module needs to place a service on a server (docs/decisions/033-hosting-and-domain-administration.md):
 * the active servers of a type with their free slots, and one server's type and status.
 */

/** The active servers of a type, by name, with capacity, services placed (not cancelled) and free slots. */
export async function placementServers(
  db: Kysely<Database>,
  type: ServersTable['type'],
): Promise<AdminPlacement['servers']> {
  const rows = await activeServersOfType(db, type);
  return rows.map((row) => {
    const services = Number(row.placed ?? 0);
    return {
      id: row.id,
      name: row.name,
      location: row.location,
      capacity: row.capacity,
      services,
      free: Math.max(0, row.capacity - services),
    };
  });
}

/** The server's type and status, read in the caller's transaction; undefined when there is no such server. */
export const placementTarget = (trx: Kysely<Database>, serverId: string) => serverTypeAndStatus(trx, serverId);
