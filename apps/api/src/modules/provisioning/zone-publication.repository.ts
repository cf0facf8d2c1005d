import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { UNFINISHED } from './provisioning.repository';

/** The queries of how far a domain's zone is published (zone-publication.ts). */

const domainTasks = (db: Kysely<Database>, domainId: string) =>
  db.selectFrom('provisioningTasks').where('resourceType', '=', 'domain').where('resourceId', '=', domainId);

/** When the last successful create or update call of the domain's DNS tasks started; null when none did. */
export async function lastZoneWriteStart(db: Kysely<Database>, domainId: string): Promise<number | null> {
  const last = await domainTasks(db, domainId)
    .innerJoin('provisioningCalls', 'provisioningCalls.taskId', 'provisioningTasks.id')
    .where('provisioningCalls.outcome', '=', 'ok')
    .where('provisioningCalls.operation', 'in', ['create', 'update'])
    .select((eb) => eb.fn.max('provisioningCalls.startedAt').as('upTo'))
    .executeTakeFirst();
  return last?.upTo === null || last?.upTo === undefined ? null : Number(last.upTo);
}

/** Whether a task of the domain is still unfinished. */
export async function domainHasUnfinishedTask(db: Kysely<Database>, domainId: string): Promise<boolean> {
  const open = await domainTasks(db, domainId)
    .select('provisioningTasks.id')
    .where('provisioningTasks.status', 'in', UNFINISHED)
    .limit(1)
    .execute();
  return open.length > 0;
}
