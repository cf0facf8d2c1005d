import { DEFAULT_ORDER_SETTINGS, type OrderSettings, orderSettingsSchema } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { readOrderSetting, writeOrderSetting } from './orders.repository';

/** The setting "new orders need approval" (docs/decisions/032-ordering-and-checkout.md), one of ordering's keys. */
export const ORDER_SETTING = 'orders.requireApproval';

export async function readOrderSettings(db: Kysely<Database>): Promise<OrderSettings> {
  const row = await readOrderSetting(db, ORDER_SETTING);
  if (!row) return DEFAULT_ORDER_SETTINGS;
  try {
    const parsed = orderSettingsSchema.safeParse({ requireApproval: JSON.parse(row.value) });
    return parsed.success ? parsed.data : DEFAULT_ORDER_SETTINGS;
  } catch {
    return DEFAULT_ORDER_SETTINGS;
  }
}

export async function writeOrderSettings(
  db: Kysely<Database>,
  settings: OrderSettings,
  actorId: string,
  now: number,
): Promise<void> {
  await writeOrderSetting(db, ORDER_SETTING, JSON.stringify(settings.requireApproval), actorId, now);
}
