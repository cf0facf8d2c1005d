import type { SchedulerJobName } from '@hostpilot/shared';
import { autoRenew } from './jobs/auto-renew';
import { ticketAutoclose } from './jobs/close-silent-tickets';
import { usageCollection } from './jobs/collect-usage';
import { domainExpiry } from './jobs/expire-domains';
import { orderExpiry } from './jobs/expire-unpaid-orders';
import { issueRenewalInvoices } from './jobs/issue-renewal-invoices';
import type { JobContext } from './jobs/job-run';
import { certificateRenewal } from './jobs/renew-certificates';
import { serverSamples } from './jobs/sample-usage';
import { overdueSuspension } from './jobs/suspend-overdue';
import { termination } from './jobs/terminate-overdue';

export type { JobContext } from './jobs/job-run';
export { DAY } from './jobs/job-run';
export { SAMPLE_RETENTION_DAYS, SERVICE_SAMPLE_RETENTION_DAYS } from './jobs/sample-usage';

/**
 * The lifecycle jobs (docs/decisions/030-lifecycle-automation.md), one use case per file in `jobs/`, in the order a
 * scheduler pass runs them: invoices first, so auto-renew can pay them the same pass. Each reaches the tables of
 * other modules only through those modules' functions, within the one transaction of each entity's change
 * (`jobs/job-run.ts`).
 */
export const JOBS: Record<SchedulerJobName, (ctx: JobContext) => Promise<number>> = {
  'renewal-invoices': issueRenewalInvoices,
  'auto-renew': autoRenew,
  'overdue-suspension': overdueSuspension,
  termination,
  'domain-expiry': domainExpiry,
  'ticket-autoclose': ticketAutoclose,
  'order-expiry': orderExpiry,
  'server-samples': serverSamples,
  'certificate-renewal': certificateRenewal,
  'usage-collection': usageCollection,
};
