import { z } from '../schemas/zod';

/**
 * Lifecycle automation (docs/decisions/030-lifecycle-automation.md): the scheduler's jobs, their settings (one
 * `settings` row, key `automation`) and what the back office reads about them.
 */

export const SCHEDULER_JOBS = [
  'renewal-invoices',
  'auto-renew',
  'overdue-suspension',
  'termination',
  'domain-expiry',
  'ticket-autoclose',
  'order-expiry',
  'server-samples',
  'certificate-renewal',
  'usage-collection',
] as const;
export type SchedulerJobName = (typeof SCHEDULER_JOBS)[number];

const DAYS = { message: 'validation.days' };
const days = (max: number) => z.number(DAYS).int(DAYS).min(0, DAYS).max(max, DAYS);

/** The defaults are the common ones of the established billing systems. */
export const automationSettingsSchema = z
  .object({
    /** Issue the renewal invoice this many days before a service or domain expires. */
    renewalInvoiceDays: days(90),
    /** Pay renewal invoices of auto-renewing services and domains from the balance when it covers them. */
    autoRenew: z.boolean(),
    /** Suspend a service (reason "overdue") this many days after expiry while its renewal is unpaid. */
    suspendAfterDays: days(90),
    /** Cancel a service this many days after expiry while its renewal is unpaid, when turned on. */
    terminationEnabled: z.boolean(),
    terminateAfterDays: days(365),
    /** A domain in its grace period expires this many days after its expiry date. */
    domainGraceDays: days(90),
    /** A ticket answered by staff and silent this many days closes. */
    ticketCloseDays: days(90),
  })
  .strict()
  .refine((s) => s.terminateAfterDays > s.suspendAfterDays, {
    path: ['terminateAfterDays'],
    message: 'validation.terminateAfterSuspend',
  });
export type AutomationSettings = z.infer<typeof automationSettingsSchema>;

export const DEFAULT_AUTOMATION_SETTINGS: AutomationSettings = {
  renewalInvoiceDays: 14,
  autoRenew: true,
  suspendAfterDays: 5,
  terminationEnabled: false,
  terminateAfterDays: 30,
  domainGraceDays: 30,
  ticketCloseDays: 7,
};

export const JOB_OUTCOMES = ['succeeded', 'failed', 'running'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

export const schedulerJobSchema = z.object({
  name: z.enum(SCHEDULER_JOBS),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  outcome: z.enum(JOB_OUTCOMES).nullable(),
  /** How many entities the last run changed. */
  changed: z.number().int().nullable(),
  /** The error of a failed run, as an error code (never a stack or a secret). */
  error: z.string().nullable(),
  nextRunAt: z.string().nullable(),
});
export type SchedulerJob = z.infer<typeof schedulerJobSchema>;

export const schedulerStatusSchema = z.object({
  /** Whether this instance runs jobs by itself (SCHEDULER_ENABLED). */
  enabled: z.boolean(),
  intervalMs: z.number().int(),
  jobs: z.array(schedulerJobSchema),
});
export type SchedulerStatus = z.infer<typeof schedulerStatusSchema>;

export const statusHistoryEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  reason: z.string().nullable(),
  /** The job that made the change, or null when a person did. */
  job: z.string().nullable(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;
export const statusHistorySchema = z.object({ items: z.array(statusHistoryEntrySchema) });
export type StatusHistory = z.infer<typeof statusHistorySchema>;
