import { collectUsage } from '../../provisioning';
import type { JobContext } from './job-run';

/**
 * Reads the web nodes' own figures and their sites' usage (docs/decisions/058-usage-and-limits.md). The run fails,
 * for staff to see on the scheduler page, when a node did not answer; every other node was read all the same.
 */
export async function usageCollection(ctx: JobContext): Promise<number> {
  if (!ctx.secretBox) return 0;
  const report = await collectUsage({ db: ctx.db, now: ctx.now, secretBox: ctx.secretBox });
  if (report.nodesDown > 0) {
    throw new Error(
      `${report.nodesDown} of ${report.nodes} web node(s) did not answer (see their server cards); ${report.sites} site(s) measured`,
    );
  }
  return report.nodes + report.sites;
}
