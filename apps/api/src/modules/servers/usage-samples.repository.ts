import type { Insertable, Kysely } from 'kysely';
import type { Database, ServerUsageSamplesTable } from '../../db/schema';

/**
 * The servers' generated usage samples (docs/decisions/035-support-queue-and-operations.md,
 * docs/decisions/056-module-shape.md): the servers measured by placement load, and their samples.
 */

/** Every server but the web nodes (they are measured by the usage collection). */
export const serversMeasuredByLoad = (db: Kysely<Database>) =>
  db
    .selectFrom('servers')
    .select(['servers.id', 'servers.status', 'servers.capacity'])
    .where((eb) => eb.or([eb('servers.driverType', 'is', null), eb('servers.driverType', '!=', 'web-node')]))
    .execute();

/** Stores samples, a server's sample of the same moment kept as it was. */
export async function insertServerSamples(
  db: Kysely<Database>,
  rows: readonly Insertable<ServerUsageSamplesTable>[],
): Promise<void> {
  await db
    .insertInto('serverUsageSamples')
    .values([...rows])
    .onConflict((oc) => oc.columns(['serverId', 'takenAt']).doNothing())
    .execute();
}

export async function deleteServerSamplesBefore(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('serverUsageSamples').where('takenAt', '<', before).execute();
}
