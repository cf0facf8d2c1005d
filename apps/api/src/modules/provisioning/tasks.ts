import { randomBytes } from 'node:crypto';
import type { DriverType, ProvisioningOperation, SetupState } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findDomainOwner, setDomainSetupState } from '../domains/provisioning.port';
import { findServiceForTask, setServiceSetupState } from '../services/provisioning.port';
import { insertTask, touchPendingTask, unfinishedStatuses, unfinishedTasks } from './provisioning.repository';
import { driverRegistered, provisionedBy, serviceDriverType } from './registry';

/**
 * The transactional outbox of the provisioning engine (docs/decisions/042-provisioning-engine.md). Every change
 * that must reach infrastructure calls enqueueProvisioning() inside the transaction that makes the change, so the
 * task commits with it or not at all; the workers (engine.ts) run it later, outside any request.
 */

/** Tries of a task before it stops as failed: with the backoff of engine.ts, about an hour. */
export const DEFAULT_MAX_ATTEMPTS = 5;

export { UNFINISHED } from './provisioning.repository';

let sequence = 0;
/**
 * A task id that sorts in the order tasks were written: the time, then a counter of this process (so tasks
 * written in one millisecond keep their order), then random bits (two processes in one millisecond never clash).
 */
export function taskId(now: number): string {
  sequence = (sequence + 1) % 0x100000000;
  return `${now.toString(16).padStart(12, '0')}${sequence.toString(16).padStart(8, '0')}${randomBytes(6).toString('hex')}`;
}

export type ResourceType = 'service' | 'domain';

export interface EnqueueInput {
  resourceType: ResourceType;
  resourceId: string;
  operation: ProvisioningOperation;
  now: number;
  /** The domain name to keep with the task, for a resource whose row the change is about to delete. */
  keepName?: string;
  /**
   * The driver, when it is not the one of the resource's kind: a hosting service's certificate is issued by the
   * certificate driver (docs/decisions/049-certificates-through-acme.md). Nothing is written when unregistered.
   */
  driverType?: DriverType;
}

/**
 * Writes a provisioning task for the resource in `trx` (the change's own transaction) and marks the resource as
 * being set up. Answers false, writing nothing, when the resource's kind has no registered driver (it keeps the
 * behaviour it had without the engine). An `update` behind a pending `update` of the same resource is folded into
 * it: the worker reads the resource when it runs, so one call publishes both.
 */
export async function enqueueProvisioning(trx: Kysely<Database>, input: EnqueueInput): Promise<boolean> {
  const { resourceType, resourceId, operation, now } = input;
  let owner: { userId: string } | undefined;
  let driverType: DriverType | null = null;
  if (resourceType === 'service') {
    const row = await findServiceForTask(trx, resourceId);
    owner = row;
    if (row) driverType = provisionedBy({ type: 'service', kind: row.kind, planId: row.planId });
  } else {
    owner = await findDomainOwner(trx, resourceId);
    if (owner) driverType = provisionedBy({ type: 'domain' });
  }
  if (!owner) return false;
  if (input.driverType) driverType = driverRegistered(input.driverType) ? input.driverType : null;
  if (!driverType) return false;

  if (operation === 'update') {
    // The resource's unfinished tasks (a few at most), the latest picked here: with an ORDER BY id the planner
    // walks the resource's whole history of done tasks by id instead of seeking the unfinished ones (migration
    // 0370's index; docs/decisions/042-provisioning-engine.md).
    const open = await unfinishedTasks(trx, resourceType, resourceId);
    const last = open.reduce<(typeof open)[number] | undefined>((a, b) => (a && a.id > b.id ? a : b), undefined);
    if (last?.operation === 'update' && last.status === 'pending' && last.driverType === driverType) {
      // Conditional: a worker that claimed it meanwhile (status running) has read the resource already, so the
      // change needs a task of its own. On PostgreSQL this row lock also holds back a claim until we commit.
      if (await touchPendingTask(trx, last.id, now)) {
        await setSetupState(trx, resourceType, resourceId, 'provisioning');
        return true;
      }
    }
  }

  await insertTask(trx, {
    id: taskId(now),
    resourceType,
    resourceId,
    userId: owner.userId,
    driverType,
    operation,
    status: 'pending',
    serverId: null,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    nextAttemptAt: now,
    leaseOwner: null,
    leaseUntil: null,
    waitReason: null,
    errorCode: null,
    errorMessage: null,
    details: input.keepName ? JSON.stringify({ name: input.keepName }) : null,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
  });
  await setSetupState(trx, resourceType, resourceId, 'provisioning');
  return true;
}

async function setSetupState(
  trx: Kysely<Database>,
  resourceType: ResourceType,
  resourceId: string,
  state: SetupState | null,
): Promise<void> {
  if (resourceType === 'service') await setServiceSetupState(trx, resourceId, state);
  else await setDomainSetupState(trx, resourceId, state);
}

/**
 * Sets the resource's setup state from its tasks: delayed while one has failed, provisioning while one waits or
 * runs, none otherwise. Called after every change of a task's status.
 */
export async function refreshSetupState(
  trx: Kysely<Database>,
  resourceType: ResourceType,
  resourceId: string,
): Promise<SetupState | null> {
  // A service is being set up while its own driver's tasks run: a hosting service's free certificate (the ACME
  // driver's task on the same service) is issued after the site is ready, and does not hold its setup state.
  const own = resourceType === 'service' ? await findServiceForTask(trx, resourceId) : undefined;
  const driver = own ? serviceDriverType(own.kind, own.planId) : null;
  const open = await unfinishedStatuses(trx, resourceType, resourceId, driver);
  const state: SetupState | null = open.some((status) => status === 'failed')
    ? 'delayed'
    : open.length > 0
      ? 'provisioning'
      : null;
  await setSetupState(trx, resourceType, resourceId, state);
  return state;
}
