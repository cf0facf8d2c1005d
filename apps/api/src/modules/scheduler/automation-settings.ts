import { type AutomationSettings, automationSettingsSchema, DEFAULT_AUTOMATION_SETTINGS } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { storeAutomationSettings, storedAutomationSettings } from './scheduler.repository';

/** Reads the stored value; a value that no longer passes the schema counts as the defaults. */
export async function readAutomationSettings(db: Kysely<Database>): Promise<AutomationSettings> {
  const value = await storedAutomationSettings(db);
  if (value === undefined) return DEFAULT_AUTOMATION_SETTINGS;
  try {
    const parsed = automationSettingsSchema.safeParse({ ...DEFAULT_AUTOMATION_SETTINGS, ...JSON.parse(value) });
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
  await storeAutomationSettings(db, JSON.stringify(settings), actorId, now);
}
