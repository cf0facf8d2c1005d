import type { SetupState } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The domains rows the provisioning engine reads and writes (docs/decisions/042-provisioning-engine.md), the
 * domains module's own queries, reached by other modules through index.ts (docs/decisions/056-module-shape.md).
 */

/** Who owns a domain. */
export const findDomainOwner = (trx: Kysely<Database>, id: string) =>
  trx.selectFrom('domains').select(['userId']).where('id', '=', id).executeTakeFirst();

/** Sets a domain's setup state. */
export async function setDomainSetupState(trx: Kysely<Database>, id: string, state: SetupState | null) {
  await trx.updateTable('domains').set({ setupState: state }).where('id', '=', id).execute();
}

/** A domain's name and the DS records the registry holds. */
export const findDomainNameAndDs = (db: Kysely<Database>, id: string) =>
  db.selectFrom('domains').select(['name', 'dsRecords']).where('id', '=', id).executeTakeFirst();

/** A domain's zone as a DNS driver publishes it: the domain row and its records in the order they were made. */
export async function findDomainZone(db: Kysely<Database>, id: string) {
  const domain = await db
    .selectFrom('domains')
    .select(['id', 'name', 'status', 'deletedAt', 'dsRecords'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!domain) return undefined;
  const records = await db
    .selectFrom('dnsRecords')
    .select(['type', 'name', 'value', 'ttl', 'priority'])
    .where('domainId', '=', id)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return { domain, records };
}
