import type { AutomationSettings, SchedulerJobName } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { lockAccount } from '../../../lib/idempotency';
import type { SecretBox } from '../../../lib/secret-box';
import type { CardVault } from '../../billing';
import type { NoticeMail } from '../../notifications';
import { type JobRecords, jobRecords } from '../job-records';

/**
 * What every lifecycle job (docs/decisions/030-lifecycle-automation.md) runs with, and its one way of changing an
 * entity: each finds the entities due, then changes each in its own transaction, after the account's lock, with a
 * conditional write that re-checks the entity is still due: a job run twice, by two instances at once, or again
 * after a crash, changes nothing twice. The change, its status history, audit entry, notification and outbox rows
 * all take that transaction (`trx`), whichever module's function writes them.
 */

export const DAY = 24 * 60 * 60 * 1000;
export const iso = (ms: number) => new Date(ms).toISOString();

export interface JobContext {
  db: Kysely<Database>;
  now: number;
  settings: AutomationSettings;
  /** Mails of the changes committed so far; the scheduler sends them. */
  mails: NoticeMail[];
  /** The card provider a saved card is charged through (docs/decisions/038-saved-card-for-renewals.md). */
  cardVault: CardVault;
  /** Opens the servers' sealed driver secrets; without it the usage collection has nothing to call with. */
  secretBox?: SecretBox;
}

/** One entity's change in its own transaction; counts it and keeps its mails only when it committed a change. */
export async function change(
  ctx: JobContext,
  job: SchedulerJobName,
  userId: string,
  body: (trx: Kysely<Database>, records: JobRecords) => Promise<boolean>,
): Promise<number> {
  const mails: NoticeMail[] = [];
  const changed = await ctx.db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    return body(trx, jobRecords(trx, job, userId, ctx.now, mails));
  });
  if (!changed) return 0;
  ctx.mails.push(...mails);
  return 1;
}
