import type { Kysely } from 'kysely';
import type { Database, ServiceRow } from '../../db/schema';

/**
 * The services rows a renewal reads and writes (docs/decisions/056-module-shape.md: billing renews a service
 * through the services module). Each runs on the handle it is given: the renewal's transaction.
 */

/** The customer's service, whole, or undefined when the account has no such service. */
export function ownServiceRow(db: Kysely<Database>, userId: string, serviceId: string) {
  return db
    .selectFrom('services')
    .selectAll()
    .where('id', '=', serviceId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function setServiceExpiry(
  trx: Kysely<Database>,
  serviceId: string,
  change: { expiresAt: number; status: ServiceRow['status']; now: number },
): Promise<void> {
  await trx
    .updateTable('services')
    .set({ expiresAt: change.expiresAt, status: change.status, updatedAt: change.now })
    .where('id', '=', serviceId)
    .execute();
}

/** Moves the service to its pending plan while that plan is still the pending one; answers whether it did. */
export async function movePendingPlan(
  trx: Kysely<Database>,
  serviceId: string,
  pendingPlanId: string,
  plan: { planId: string; priceCents: number; now: number },
): Promise<boolean> {
  const done = await trx
    .updateTable('services')
    .set({ planId: plan.planId, priceCents: plan.priceCents, pendingPlanId: null, updatedAt: plan.now })
    .where('id', '=', serviceId)
    .where('pendingPlanId', '=', pendingPlanId)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Makes a service suspended for `reason` active again; answers whether it did. */
export async function liftSuspension(
  trx: Kysely<Database>,
  serviceId: string,
  reason: string,
  now: number,
): Promise<boolean> {
  const done = await trx
    .updateTable('services')
    .set({ status: 'active', suspensionReason: null, updatedAt: now })
    .where('id', '=', serviceId)
    .where('status', '=', 'suspended')
    .where('suspensionReason', '=', reason)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
