import type { ProvisioningTaskStatus } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, ProvisioningTaskRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import type { NoticeMail } from '../notifications';
import type { ProvisioningEngine } from './engine';
import { freshTries, findTask, findWaitingTask, updateTask, updateTaskInStatus } from './provisioning.repository';
import { refreshSetupState } from './tasks';

/** A staff action on a task (docs/decisions/042-provisioning-engine.md). */
export type TaskAction = 'retry' | 'cancel' | 'complete';

interface ActionRule {
  /** The statuses the action is allowed from (409 INVALID_STATE otherwise). */
  from: readonly ProvisioningTaskStatus[];
  /** The status it leaves the task in, for the audit entry. */
  to: ProvisioningTaskStatus;
  change: (
    trx: Kysely<Database>,
    task: ProvisioningTaskRow,
    now: number,
    staffId: string,
    mails: NoticeMail[],
    engine: ProvisioningEngine,
  ) => Promise<void>;
}

export const TASK_ACTIONS: Record<TaskAction, ActionRule> = {
  // Retry now, with a fresh set of tries.
  retry: {
    from: ['failed', 'pending'],
    to: 'pending',
    change: (trx, task, now) => updateTask(trx, task.id, freshTries(now)),
  },
  // It will not run.
  cancel: {
    from: ['pending', 'failed'],
    to: 'cancelled',
    change: (trx, task, now) =>
      updateTask(trx, task.id, { status: 'cancelled', finishedAt: now, leaseOwner: null, leaseUntil: null }),
  },
  // Done by hand: the change was made outside the engine.
  complete: {
    from: ['pending', 'failed'],
    to: 'done',
    change: async (trx, task, now, staffId, mails, engine) => {
      await updateTask(trx, task.id, {
        status: 'done',
        finishedAt: now,
        leaseOwner: null,
        leaseUntil: null,
        waitReason: null,
      });
      await engine.afterDone(trx, task, now, mails, staffId);
    },
  },
};

/**
 * Retry, Cancel or Mark done on one task: allowed only from the rule's statuses (409 otherwise), in one
 * transaction with its audit entry and the resource's setup state. Answers the notice mails to send after.
 */
export async function actOnTask(
  db: Kysely<Database>,
  engine: ProvisioningEngine,
  act: { id: string; action: TaskAction; staffId: string; now: number; ip: string },
): Promise<NoticeMail[]> {
  const { id, action, staffId, now, ip } = act;
  const rule = TASK_ACTIONS[action];
  const mails: NoticeMail[] = [];
  await db.transaction().execute(async (trx) => {
    const task = await findTask(trx, id);
    if (!task) throw new AppError('NOT_FOUND');
    if (!rule.from.includes(task.status))
      throw new AppError('INVALID_STATE', { message: 'The task is not in a status this allows' });
    // Conditional on the status read: a worker finishing it at the same moment wins, and this answers 409.
    if (!(await updateTaskInStatus(trx, task, { updatedAt: now }))) throw new AppError('INVALID_STATE');
    await rule.change(trx, task, now, staffId, mails, engine);
    await refreshSetupState(trx, task.resourceType, task.resourceId);
    await journal(trx, task.userId, staffId, now, ip).audit({
      action: `provisioning.${action}`,
      entityType: 'provisioning_task',
      entityId: id,
      before: { status: task.status, attempts: task.attempts },
      after: { status: rule.to },
    });
  });
  return mails;
}

/**
 * A resource's unfinished task of one driver type (failed, or waiting for its next try) gets fresh tries now,
 * conditional on the status read (409 INVALID_STATE when a worker moved it meanwhile); answers whether there was one.
 */
export async function reviveWaitingTask(
  trx: Kysely<Database>,
  resource: Parameters<typeof findWaitingTask>[1],
  now: number,
): Promise<boolean> {
  const task = await findWaitingTask(trx, resource);
  if (!task) return false;
  if (!(await updateTaskInStatus(trx, task, { ...freshTries(now), updatedAt: now })))
    throw new AppError('INVALID_STATE');
  return true;
}
