import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The services placed on the server and not cancelled: what its capacity is used by. */
export async function placedServiceCount(trx: Kysely<Database>, serverId: string): Promise<number> {
  const row = await trx
    .selectFrom('services')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('serverId', '=', serverId)
    .where('status', '!=', 'cancelled')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The same count for several servers at once; a server without services is absent from the answer. */
export async function placedServiceCounts(trx: Kysely<Database>, serverIds: string[]): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('services')
    .select((eb) => ['serverId', eb.fn.countAll<number>().as('n')])
    .where('serverId', 'in', serverIds)
    .where('status', '!=', 'cancelled')
    .groupBy('serverId')
    .execute();
  return new Map(rows.map((row) => [row.serverId!, Number(row.n)]));
}

/** Before a server is deleted: the cancelled services placed on it keep their history but no longer name it. */
export async function unplaceServicesFrom(trx: Kysely<Database>, serverId: string): Promise<void> {
  await trx.updateTable('services').set({ serverId: null }).where('serverId', '=', serverId).execute();
}
