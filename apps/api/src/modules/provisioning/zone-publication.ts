import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { domainHasUnfinishedTask, lastZoneWriteStart } from './zone-publication.repository';

/**
 * How far the domain's zone is published (docs/decisions/046-dns-on-powerdns.md): a DNS task reads the records
 * when its driver call starts, so a record changed before `upTo` (the start of the last successful create or update
 * call) is answered as it is; with no task of the domain left unfinished, every record is (`all`).
 */
export async function zonePublication(
  db: Kysely<Database>,
  domainId: string,
): Promise<{ upTo: number | null; all: boolean }> {
  const [upTo, open] = await Promise.all([lastZoneWriteStart(db, domainId), domainHasUnfinishedTask(db, domainId)]);
  return { upTo, all: upTo !== null && !open };
}
