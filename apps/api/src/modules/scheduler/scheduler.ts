import { randomUUID } from 'node:crypto';
import { SCHEDULER_JOBS, type SchedulerJob, type SchedulerJobName } from '@hostpilot/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../lib/mail/mailer';
import type { SecretBox } from '../../lib/secret-box';
import { readAutomationSettings } from './automation-settings';
import { type NoticeMail, sendNoticeMails } from '../notifications';
import type { CardVault } from '../billing';
import { type JobContext, JOBS } from './lifecycle-jobs';
import { claimJobLease, ensureJobRows, jobRows, releaseJobLease } from './scheduler.repository';

/**
 * The scheduler inside the API process (docs/decisions/030-lifecycle-automation.md). Every pass runs the jobs
 * that are due, in order. A run is claimed by one instance: an atomic conditional UPDATE of the job's lease row
 * (free, or its lease expired); a run whose instance died is taken up again once its lease expires, and the
 * jobs' per-entity checks make that second run change only what the first did not. Time comes from the clock.
 */

export interface SchedulerOptions {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The card provider auto-renew charges a saved card through (docs/decisions/038-saved-card-for-renewals.md). */
  cardVault: CardVault;
  /** How often a pass runs, and how long after a run its job is due again. */
  intervalMs: number;
  /** How long a claimed run stays claimed before another instance may take it over. */
  leaseMs?: number;
  /** Opens the servers' sealed driver secrets (the usage collection calls the web nodes). */
  secretBox?: SecretBox;
  /** Jobs due again after their own interval instead of `intervalMs` (never sooner than it). */
  jobIntervals?: Partial<Record<SchedulerJobName, number>>;
}

export type RunResult =
  | { claimed: false }
  | { claimed: true; outcome: 'succeeded'; changed: number }
  | { claimed: true; outcome: 'failed'; error: string };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function createScheduler(options: SchedulerOptions) {
  const { db, clock, mailer, log, intervalMs } = options;
  const leaseMs = options.leaseMs ?? 10 * 60 * 1000;
  const instanceId = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  /** Set by stop(): a pass under way ends after its current job. */
  let closing = false;
  let current: Promise<unknown> = Promise.resolve();

  const ensureRows = (now: number) => ensureJobRows(db, SCHEDULER_JOBS, now);

  /** Takes the job's lease when it is free (or expired) and the job is due, or `force` asks for it now. */
  async function claim(name: SchedulerJobName, now: number, force: boolean): Promise<boolean> {
    await ensureRows(now);
    return claimJobLease(db, { name, owner: instanceId, now, leaseMs, force });
  }

  async function finish(
    name: SchedulerJobName,
    outcome: { changed: number; error: null } | { changed: null; error: string },
  ): Promise<void> {
    const now = clock.now();
    await releaseJobLease(db, {
      name,
      owner: instanceId,
      now,
      outcome: outcome.error === null ? 'succeeded' : 'failed',
      changed: outcome.changed,
      error: outcome.error,
      nextRunAt: now + Math.max(intervalMs, options.jobIntervals?.[name] ?? 0),
    });
  }

  const sendMails = (mails: NoticeMail[]) => sendNoticeMails(db, mailer, log, mails);

  async function runJob(name: SchedulerJobName, force: boolean): Promise<RunResult> {
    const now = clock.now();
    if (!(await claim(name, now, force))) return { claimed: false };
    const ctx: JobContext = {
      db,
      now,
      settings: await readAutomationSettings(db),
      mails: [],
      cardVault: options.cardVault,
      ...(options.secretBox ? { secretBox: options.secretBox } : {}),
    };
    try {
      const changed = await JOBS[name](ctx);
      await sendMails(ctx.mails);
      await finish(name, { changed, error: null });
      if (changed > 0) log.info({ event: 'job_run', job: name, changed }, 'scheduled job changed entities');
      return { claimed: true, outcome: 'succeeded', changed };
    } catch (error) {
      await sendMails(ctx.mails);
      const message = error instanceof Error ? error.message.slice(0, 200) : 'Unknown error';
      log.error({ err: error, event: 'job_failed', job: name }, 'scheduled job failed');
      await finish(name, { changed: null, error: message }).catch(() => undefined);
      return { claimed: true, outcome: 'failed', error: message };
    }
  }

  /** One pass: every due job, in order. */
  async function tick(): Promise<void> {
    for (const name of SCHEDULER_JOBS) {
      if (closing) return;
      await runJob(name, false);
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      current = tick()
        .catch((error: unknown) => log.error({ err: error, event: 'scheduler_pass_failed' }, 'scheduler pass failed'))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    instanceId,
    tick,
    /** Runs one job now, whether due or not, unless another run holds its lease. */
    runNow(name: SchedulerJobName): Promise<RunResult> {
      const run = runJob(name, true);
      current = Promise.all([current, run]).catch(() => undefined);
      return run;
    },
    /** Runs the due jobs now, then every interval, until stop(). */
    start(): void {
      if (!stopped) return;
      stopped = false;
      current = tick()
        .catch((error: unknown) => log.error({ err: error, event: 'scheduler_pass_failed' }, 'scheduler pass failed'))
        .finally(schedule);
    },
    /** Stops scheduling and waits for a pass under way to end. */
    async stop(): Promise<void> {
      stopped = true;
      closing = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current.catch(() => undefined);
    },
    async status(): Promise<SchedulerJob[]> {
      await ensureRows(clock.now());
      const rows = await jobRows(db);
      return SCHEDULER_JOBS.map((name) => {
        const row = rows.find((r) => r.name === name)!;
        return {
          name,
          lastStartedAt: iso(row.lastStartedAt),
          lastFinishedAt: iso(row.lastFinishedAt),
          outcome: (row.outcome as SchedulerJob['outcome']) ?? null,
          changed: row.changed,
          error: row.error,
          nextRunAt: iso(row.nextRunAt),
        };
      });
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The lifecycle scheduler; started only when SCHEDULER_ENABLED, but its jobs can always be run by hand. */
    scheduler: Scheduler;
  }
}
