import { sampleServersByLoad } from '../../servers';
import { activeServicesPerServer, recordServiceUsageDay } from '../../services';
import { DAY, type JobContext } from './job-run';

/** How long a server's usage samples are kept (the Monitor chart shows the last week). */
export const SAMPLE_RETENTION_DAYS = 30;

/** How long a hosting service's daily usage is kept (the dashboard's usage chart shows 30 days). */
export const SERVICE_SAMPLE_RETENTION_DAYS = 90;

/**
 * Records each server's usage now (docs/decisions/035-support-queue-and-operations.md): the placement load of the
 * servers without an agent, from the services each runs (the servers module's `sampleServersByLoad` says how), and
 * drops samples past the retention; then keeps today's figure of each hosting service's disk and traffic (one row
 * per service and UTC day, the day's latest pass winning), for the customer's usage chart
 * (docs/decisions/054-charts-and-the-look-of-a-brand.md). Answers how many server samples it wrote.
 */
export async function serverSamples(ctx: JobContext): Promise<number> {
  const written = await sampleServersByLoad(ctx.db, {
    now: ctx.now,
    running: await activeServicesPerServer(ctx.db),
    keepFrom: ctx.now - SAMPLE_RETENTION_DAYS * DAY,
  });
  const day = ctx.now - (ctx.now % DAY);
  await recordServiceUsageDay(ctx.db, day, day - SERVICE_SAMPLE_RETENTION_DAYS * DAY);
  return written;
}
