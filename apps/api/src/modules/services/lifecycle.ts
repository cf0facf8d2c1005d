import { serviceStates } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, ServiceRow } from '../../db/schema';
import {
  activeServiceCountsByServer,
  activeServicesExpiredBy,
  activeServicesExpiringBy,
  cancelServiceIn,
  findServiceRow,
  ownersOfServicesIn,
  recordDailyServiceSamples,
  servicesExpiredByHeldOrSuspended,
  suspendActiveExpiredBy,
} from './lifecycle.repository';

/**
 * What the lifecycle jobs (docs/decisions/030-lifecycle-automation.md) read and change of services, for the
 * scheduler module (docs/decisions/056-module-shape.md). A change takes the job's transaction (`trx`), so it
 * commits with its status history, audit entry, notification and provisioning task.
 */

/** One service as stored, or undefined. */
export function findServiceForLifecycle(db: Kysely<Database>, id: string): Promise<ServiceRow | undefined> {
  return findServiceRow(db, id);
}

/** Active services expiring by `horizon` without a cancellation waiting, soonest first: the renewal candidates. */
export function servicesDueForRenewal(db: Kysely<Database>, horizon: number) {
  return activeServicesExpiringBy(db, horizon);
}

/** Active services expired by `threshold`, no cancellation waiting: the overdue suspension's candidates. */
export function servicesDueForSuspension(db: Kysely<Database>, threshold: number) {
  return activeServicesExpiredBy(db, threshold);
}

/**
 * Suspends a service for `reason` when it is still active and expired by `threshold` (the transition checked);
 * answers whether it did (false: it was no longer due).
 */
export function suspendOverdueService(
  trx: Kysely<Database>,
  id: string,
  change: { threshold: number; reason: string; now: number },
): Promise<boolean> {
  serviceStates.assertTransition('active', 'suspended');
  return suspendActiveExpiredBy(trx, id, change);
}

/** Services expired by `threshold` still held or suspended for `reason`: the termination's candidates. */
export function servicesDueForTermination(db: Kysely<Database>, threshold: number, reason: string) {
  return servicesExpiredByHeldOrSuspended(db, threshold, reason);
}

/** Cancels a service still in status `from` (the transition checked); answers whether it did. */
export function cancelServiceFrom(
  trx: Kysely<Database>,
  id: string,
  from: ServiceRow['status'],
  now: number,
): Promise<boolean> {
  serviceStates.assertTransition(from, 'cancelled');
  return cancelServiceIn(trx, id, from, now);
}

/** The owners of the given services in one of `statuses` (an empty list reads nothing). */
export async function serviceOwnersIn(
  db: Kysely<Database>,
  ids: readonly string[],
  statuses: readonly ServiceRow['status'][],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await ownersOfServicesIn(db, ids, statuses);
  return new Map(rows.map((row) => [row.id, row.userId]));
}

/** How many active services each server holds, by server id. */
export async function activeServicesPerServer(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await activeServiceCountsByServer(db);
  return new Map(rows.map((row) => [row.serverId!, Number(row.n)]));
}

/**
 * Keeps today's figure of each hosting service's disk and traffic for the customer's usage chart
 * (docs/decisions/054-charts-and-the-look-of-a-brand.md), and drops the days before `keepFrom`.
 */
export function recordServiceUsageDay(db: Kysely<Database>, day: number, keepFrom: number): Promise<void> {
  return recordDailyServiceSamples(db, day, keepFrom);
}
