import type { SchedulerJobName } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import type { RunResult, Scheduler } from './scheduler';

/**
 * Runs one job now, due or not, for a staff member, and audits the run (`scheduler.run`); 409 INVALID_STATE while
 * another run holds the job (docs/decisions/030-lifecycle-automation.md). Answers the run's result.
 */
export async function runJobNow(
  deps: { db: Kysely<Database>; clock: Clock; scheduler: Scheduler },
  run: { job: SchedulerJobName; staffId: string },
): Promise<Extract<RunResult, { claimed: true }>> {
  const result = await deps.scheduler.runNow(run.job);
  if (!result.claimed) throw new AppError('INVALID_STATE', { message: 'This job is running now' });
  await journal(deps.db, run.staffId, run.staffId, deps.clock.now()).audit({
    action: 'scheduler.run',
    entityType: 'scheduler_job',
    entityId: run.job,
    after: result,
  });
  return result;
}
