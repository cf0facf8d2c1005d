import { findServicePlan, serviceStates, toCents } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, ServiceRow } from '../../db/schema';
import type { Journal } from '../../lib/journal';
import { OVERDUE } from '../billing';
import { enqueueProvisioning } from '../provisioning';
import { liftSuspension, movePendingPlan, ownServiceRow, setServiceExpiry } from './service-renewal.repository';

/**
 * What a renewal does to the service itself (docs/decisions/056-module-shape.md, "Renewal written once"): billing's
 * renew() charges the ledger and decides the new expiry, then calls these, in its transaction, after lockAccount.
 */

/** The customer's service as a renewal reads it (under the account's lock), or undefined when it is not theirs. */
export const ownServiceForRenewal = (trx: Kysely<Database>, userId: string, serviceId: string) =>
  ownServiceRow(trx, userId, serviceId);

/** Writes the renewed service's new expiry and status (an expired service is active again). */
export const extendService = (
  trx: Kysely<Database>,
  service: Pick<ServiceRow, 'id'>,
  change: { expiresAt: number; status: ServiceRow['status']; now: number },
): Promise<void> => setServiceExpiry(trx, service.id, change);

/**
 * Moves a service to its pending plan (a downgrade chosen for the renewal; docs/decisions/037-plan-changes.md) as
 * the renewal that pays for it is paid: the plan and the price per period become the pending plan's. Runs in the
 * renewal's transaction; returns whether it changed the plan.
 */
export async function applyPendingPlan(
  trx: Kysely<Database>,
  service: Pick<ServiceRow, 'id' | 'kind' | 'name' | 'planId' | 'pendingPlanId'>,
  now: number,
  log: Journal,
): Promise<boolean> {
  if (service.pendingPlanId === null) return false;
  const plan = findServicePlan(service.kind, service.pendingPlanId);
  if (!plan) return false;
  const moved = await movePendingPlan(trx, service.id, service.pendingPlanId, {
    planId: plan.id,
    priceCents: toCents(plan.price),
    now,
  });
  if (!moved) return false;
  await enqueueProvisioning(trx, { resourceType: 'service', resourceId: service.id, operation: 'changePlan', now });
  const params = {
    name: service.name,
    from: findServicePlan(service.kind, service.planId)?.name ?? service.planId,
    plan: plan.name,
  };
  await log.notify({ type: 'info', key: 'servicePlanChanged', params });
  await log.activity({ action: 'service.planChanged', subjectType: 'service', subjectId: service.id, params });
  return true;
}

/**
 * Brings back a service suspended for being overdue once its renewal is paid; a suspension by staff (another
 * reason) stays. Returns whether it did.
 */
export async function reactivateIfOverdue(
  trx: Kysely<Database>,
  service: Pick<ServiceRow, 'id' | 'status' | 'suspensionReason'>,
  now: number,
  log: Journal,
): Promise<boolean> {
  if (service.status !== 'suspended' || service.suspensionReason !== OVERDUE) return false;
  serviceStates.assertTransition('suspended', 'active');
  if (!(await liftSuspension(trx, service.id, OVERDUE, now))) return false;
  await enqueueProvisioning(trx, { resourceType: 'service', resourceId: service.id, operation: 'unsuspend', now });
  await log.statusChange({
    entityType: 'service',
    entityId: service.id,
    from: 'suspended',
    to: 'active',
    reason: 'paid',
  });
  return true;
}

/** The services module's part of a renewal, as billing's renew() takes it (its `RenewalTargets['service']`). */
export const serviceRenewalTarget = { extend: extendService, applyPendingPlan, reactivateIfOverdue };
