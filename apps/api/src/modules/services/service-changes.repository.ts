import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/index';
import type { Database, ServiceRow } from '../../db/schema';

/**
 * The queries of a customer's own changes to a service (docs/product/states.md, docs/decisions/037-plan-changes.md):
 * auto-renew, cancellation and its withdrawal, the cancellations the scheduled job applies, and plan changes. Each
 * change is conditional on what it was read with, so two at once move a service once.
 */

/**
 * The owner's service (undefined when it is not theirs). `lock` takes its row for the change on PostgreSQL
 * (SQLite has one writer).
 */
export function findOwnService(
  trx: Kysely<Database>,
  userId: string,
  id: string,
  lock: DatabaseKind | null = null,
): Promise<ServiceRow | undefined> {
  const query = trx.selectFrom('services').selectAll().where('id', '=', id).where('userId', '=', userId);
  return (lock === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export const setAutoRenewOf = (trx: Kysely<Database>, id: string, enabled: boolean, now: number) =>
  trx
    .updateTable('services')
    .set({ autoRenew: enabled ? 1 : 0, updatedAt: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Cancels the service at once while it still has the status it was read with; undefined when it changed meanwhile. */
export const cancelServiceNow = (
  trx: Kysely<Database>,
  service: Pick<ServiceRow, 'id' | 'status' | 'cancelRequestedAt'>,
  reason: string,
  now: number,
) =>
  trx
    .updateTable('services')
    .set({
      status: 'cancelled',
      cancelledAt: now,
      cancelRequestedAt: service.cancelRequestedAt ?? now,
      cancelReason: reason,
      autoRenew: 0,
      updatedAt: now,
    })
    .where('id', '=', service.id)
    .where('status', '=', service.status)
    .returningAll()
    .executeTakeFirst();

/** Asks for the end-of-period cancellation unless one is pending already; undefined then. */
export const requestCancellation = (trx: Kysely<Database>, id: string, reason: string, now: number) =>
  trx
    .updateTable('services')
    .set({ cancelRequestedAt: now, cancelReason: reason, autoRenew: 0, updatedAt: now })
    .where('id', '=', id)
    .where('cancelRequestedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();

/** Withdraws the pending cancellation of a service not cancelled yet; undefined when it is cancelled. */
export const clearCancellation = (trx: Kysely<Database>, id: string, now: number) =>
  trx
    .updateTable('services')
    .set({ cancelRequestedAt: null, cancelReason: null, updatedAt: now })
    .where('id', '=', id)
    .where('status', '<>', 'cancelled')
    .returningAll()
    .executeTakeFirst();

/** The services whose end-of-period cancellation is due at `now`. */
export const dueCancellations = (db: Kysely<Database>, now: number) =>
  db
    .selectFrom('services')
    .select(['id', 'userId', 'status', 'name', 'cancelReason'])
    .where('cancelRequestedAt', 'is not', null)
    .where('status', '<>', 'cancelled')
    .where('expiresAt', '<=', now)
    .execute();

/** Cancels a service whose cancellation is due, if it still has the status it was read with; answers whether it did. */
export async function applyCancellation(
  trx: Kysely<Database>,
  service: { id: string; status: ServiceRow['status'] },
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('services')
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where('id', '=', service.id)
    .where('status', '=', service.status)
    .where('cancelRequestedAt', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores the plan a downgrade takes at the renewal, while the service still has the plan it was read with. */
export const setPendingPlan = (trx: Kysely<Database>, service: ServiceRow, pendingPlanId: string, now: number) =>
  trx
    .updateTable('services')
    .set({ pendingPlanId, updatedAt: now })
    .where('id', '=', service.id)
    .where('planId', '=', service.planId)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Moves the service to an upgraded plan and price now, while it still has the plan it was read with. */
export const setPlan = (trx: Kysely<Database>, service: ServiceRow, planId: string, priceCents: number, now: number) =>
  trx
    .updateTable('services')
    .set({ planId, priceCents, pendingPlanId: null, updatedAt: now })
    .where('id', '=', service.id)
    .where('planId', '=', service.planId)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Drops the waiting downgrade it was read with; undefined when it changed meanwhile. */
export const clearPendingPlan = (trx: Kysely<Database>, service: ServiceRow, now: number) =>
  trx
    .updateTable('services')
    .set({ pendingPlanId: null, updatedAt: now })
    .where('id', '=', service.id)
    .where('pendingPlanId', '=', service.pendingPlanId)
    .returningAll()
    .executeTakeFirst();
