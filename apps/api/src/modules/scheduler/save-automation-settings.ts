import type { AutomationSettings } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { journal } from '../../lib/journal';
import { readAutomationSettings, writeAutomationSettings } from './automation-settings';

/**
 * Stores new lifecycle automation settings with their audit entry (before and after) in one transaction; the jobs
 * read them on their next run (docs/decisions/030-lifecycle-automation.md). Answers what was stored.
 */
export async function saveAutomationSettings(
  db: Kysely<Database>,
  change: { next: AutomationSettings; staffId: string; now: number },
): Promise<AutomationSettings> {
  const { next, staffId, now } = change;
  await db.transaction().execute(async (trx) => {
    const before = await readAutomationSettings(trx);
    await writeAutomationSettings(trx, next, staffId, now);
    await journal(trx, staffId, staffId, now).audit({
      action: 'settings.automation.update',
      entityType: 'settings',
      entityId: 'automation',
      before,
      after: next,
    });
  });
  return next;
}
