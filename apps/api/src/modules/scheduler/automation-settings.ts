import { type AutomationSettings, automationSettingsSchema, DEFAULT_AUTOMATION_SETTINGS } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The lifecycle jobs' settings, one `settings` row (docs/decisions/030-lifecycle-automation.md). */
export const AUTOMATION_SETTING = 'automation';

/** Reads the stored value; a value that no longer passes the schema counts as the defaults. */
export async function readAutomationSettings(db: Kysely<Database>): Promise<AutomationSettings> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', AUTOMATION_SETTING).executeTakeFirst();
  if (!row) return DEFAULT_AUTOMATION_SETTINGS;
  try {
    const parsed = automationSettingsSchema.safeParse({ ...DEFAULT_AUTOMATION_SETTINGS, ...JSON.parse(row.value) });
    return parsed.success ? parsed.data : DEFAULT_AUTOMATION_SETTINGS;
  } catch {
    return DEFAULT_AUTOMATION_SETTINGS;
  }
}

export async function writeAutomationSettings(
  db: Kysely<Database>,
  settings: AutomationSettings,
  actorId: string | null,
  now: number,
): Promise<void> {
  const value = JSON.stringify(settings);
  await db
    .insertInto('settings')
    .values({ key: AUTOMATION_SETTING, value, updatedAt: now, updatedBy: actorId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now, updatedBy: actorId }))
    .execute();
}
