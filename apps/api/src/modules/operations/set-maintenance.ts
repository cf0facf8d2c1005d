import type { maintenanceInputSchema } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { journal } from '../../lib/journal';
import { MAINTENANCE_SETTING, readStored, type Stored } from './maintenance';
import { writeSettingValue } from './operations.repository';

/**
 * Turns maintenance mode on or off, with its audit entry, in one transaction; answers the setting as stored.
 * Turning it on again keeps the time it began.
 */
export async function setMaintenance(
  db: Kysely<Database>,
  change: { input: z.output<typeof maintenanceInputSchema>; staffId: string; now: number; ip: string },
): Promise<Stored> {
  const { input, staffId, now, ip } = change;
  return db.transaction().execute(async (trx) => {
    const before = await readStored(trx);
    const value: Stored = {
      enabled: input.enabled,
      message: input.enabled ? input.message : null,
      since: input.enabled ? (before.enabled ? before.since : now) : null,
    };
    await writeSettingValue(trx, MAINTENANCE_SETTING, JSON.stringify(value), now, staffId);
    await journal(trx, staffId, staffId, now, ip).audit({
      action: 'maintenance.update',
      entityType: 'settings',
      entityId: MAINTENANCE_SETTING,
      before,
      after: value,
    });
    return value;
  });
}
