import type { ServiceState } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/index';
import type { Database, ServiceRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { findOwnService } from './service-changes.repository';

/**
 * What a customer's actions on their own services that move no money share (docs/product/states.md): auto-renew
 * on or off (`set-service-auto-renew.ts`), cancel at once or at the end of the period with a reason
 * (`cancel-service.ts`), withdraw a pending cancellation (`withdraw-cancellation.ts`). Each reads the service
 * through its owner (another account's id is 404) and writes its activity in the same transaction.
 */

/** What a customer's service action needs. */
export interface ServiceActionDeps {
  db: Kysely<Database>;
  clock: Clock;
}

export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toServiceState(row: ServiceRow): ServiceState {
  return {
    id: row.id,
    status: row.status,
    autoRenew: row.autoRenew === 1,
    expiresAt: iso(row.expiresAt)!,
    cancelRequestedAt: iso(row.cancelRequestedAt),
    cancelReason: row.cancelReason,
    cancelledAt: iso(row.cancelledAt),
  };
}

/**
 * The owner's service, or 404. `lock` takes its row for the change on PostgreSQL (SQLite has one writer), so an
 * addon domain added at the same moment as a plan change (hosting-domains.ts locks the row too) is counted by one
 * or refused by the other.
 */
export async function ownService(
  trx: Kysely<Database>,
  userId: string,
  id: string,
  lock: DatabaseKind | null = null,
): Promise<ServiceRow> {
  const row = await findOwnService(trx, userId, id, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
