import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import { listWebNodes, recordNodeReading } from '../servers/provisioning.port';
import { recordSiteUsage } from '../services/provisioning.port';
import { buildDriver } from './build-driver';
import { maskSecrets } from './connection-settings';
import { DriverError, type ProvisioningDriver } from './driver';
import { webNodeSiteCandidates } from './provisioning.repository';
import { findSiteNodes } from './site-node';

/**
 * The `usage-collection` job (docs/decisions/058-usage-and-limits.md): every few minutes it reads each web node
 * (the servers with the web-node driver) directly, outside the provisioning queue: the node's CPU, memory, disk
 * and load become a Monitor sample, and each hosting site on it its measured disk, traffic this month and
 * database count. Nodes are read side by side, each with a deadline, and each writes its own figures as soon as
 * it has them: a node that is down or slow holds back no other. A node that does not answer gets a sample marked
 * down, its reading the error and its connection marked failed (its server card shows it; ordering places nothing
 * new on it) until a later read succeeds.
 */

const MIB = 1024 * 1024;
/** The longest a node's reading may take before the job gives up on it for this run. */
export const NODE_DEADLINE_MS = 60_000;

export interface UsageCollectionContext {
  db: Kysely<Database>;
  now: number;
  secretBox: SecretBox;
  deadlineMs?: number;
}

export interface UsageCollectionReport {
  nodes: number;
  nodesDown: number;
  sites: number;
  siteErrors: number;
}

function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DriverError({ code: 'unreachable', message: `${what}: no answer in time`, retryable: true })),
      ms,
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

const fixedClock = (now: number): Clock => ({ now: () => now });

export async function collectUsage(ctx: UsageCollectionContext): Promise<UsageCollectionReport> {
  const { db, now } = ctx;
  const deadline = ctx.deadlineMs ?? NODE_DEADLINE_MS;
  const nodes = await listWebNodes(db);
  const report: UsageCollectionReport = { nodes: nodes.length, nodesDown: 0, sites: 0, siteErrors: 0 };
  if (nodes.length === 0) return report;
  const nodeIds = new Set(nodes.map((n) => n.id));
  const candidates = await webNodeSiteCandidates(db, [...nodeIds]);
  // Where each site is, as the file manager and databases find it (site-node.ts): a site is measured on its node.
  const where = await findSiteNodes(db, candidates);
  const services = candidates.flatMap((s) => {
    const node = where.get(s.id);
    return node ? [{ ...s, nodeId: node.id }] : [];
  });

  await Promise.all(
    nodes.map(async (node) => {
      let secrets: string[] = [];
      let driver: ProvisioningDriver | undefined;
      try {
        const built = await buildDriver({ db, secretBox: ctx.secretBox, clock: fixedClock(now) }, 'web-node', node);
        if (!built?.driver.nodeMetrics) throw new Error('The web-node driver is not registered');
        secrets = built.secrets;
        driver = built.driver;
        const reading = await withDeadline(driver.nodeMetrics!(), deadline, node.name);
        await recordNode(db, node, now, { reading, error: null });
      } catch (error) {
        report.nodesDown += 1;
        const message = maskSecrets(error instanceof Error ? error.message : String(error), secrets).slice(0, 500);
        await recordNode(db, node, now, { reading: null, error: message });
        return;
      }
      for (const service of services.filter((s) => s.nodeId === node.id)) {
        try {
          const usage = await withDeadline(
            driver.usage!({
              kind: 'service',
              id: service.id,
              plan: service.planId,
              ...(service.domain ? { domain: service.domain } : {}),
            }),
            deadline,
            node.name,
          );
          await recordSite(db, service.id, node.id, now, usage);
          report.sites += 1;
        } catch (error) {
          // A site the node does not have (yet) has nothing to measure; anything else is counted for the job's run.
          if (!(error instanceof DriverError && error.code === 'not-found')) report.siteErrors += 1;
        }
      }
    }),
  );
  return report;
}

type Reading = Awaited<ReturnType<NonNullable<ProvisioningDriver['nodeMetrics']>>>;

async function recordNode(
  db: Kysely<Database>,
  node: { id: string; bandwidthGbps: number },
  now: number,
  outcome: { reading: Reading; error: null } | { reading: null; error: string },
): Promise<void> {
  const { reading, error } = outcome;
  // The node's traffic against the link its server record says it has.
  const linkBytesPerSecond = (Math.max(node.bandwidthGbps, 0) * 1e9) / 8;
  const bandwidthPercent =
    reading && linkBytesPerSecond > 0
      ? Math.min(100, Math.round((reading.networkBytesPerSecond / linkBytesPerSecond) * 100))
      : 0;
  await recordNodeReading(db, node.id, now, {
    sample: {
      cpuPercent: reading?.cpuPercent ?? 0,
      memoryPercent: reading?.memoryPercent ?? 0,
      storagePercent: reading?.diskPercent ?? 0,
      bandwidthPercent,
    },
    metrics: reading ? JSON.stringify(reading) : null,
    error,
  });
}

async function recordSite(
  db: Kysely<Database>,
  serviceId: string,
  serverId: string,
  now: number,
  usage: Awaited<ReturnType<NonNullable<ProvisioningDriver['usage']>>>,
): Promise<void> {
  const row = {
    serverId,
    measuredAt: now,
    diskBytes: usage.diskBytes,
    fileBytes: usage.fileBytes,
    databaseBytes: usage.databaseBytes,
    bandwidthBytes: usage.bandwidthBytes,
    bandwidthMonth: usage.bandwidthMonth,
    databases: usage.databases,
    storageLimitBytes: usage.storageLimitBytes,
    databaseLimit: usage.databaseLimit,
    domainLimit: usage.domainLimit,
  };
  // The service's own figures follow the measurement, so every reader of them (the daily chart, the back office)
  // sees what the node measured; a part of a MiB counts as one.
  await recordSiteUsage(db, serviceId, row, {
    storageUsedMb: Math.ceil(usage.diskBytes / MIB),
    bandwidthUsedMb: Math.ceil(usage.bandwidthBytes / MIB),
  });
}
