// npm run bench:webnode: hosting on one real local web node (docs/decisions/062-web-nodes-placement-and-faults.md).
//
// One agent process (`node apps/agent/dist/agent.js` on loopback, its own nginx and php-fpm under a temporary
// folder, the machine's MariaDB), as a production node runs it. Two measures:
//   1. payment to site: BENCH_WEBNODE_ORDERS (100) customers each order and pay hosting for a domain through the
//      API (in this process, its provisioning workers on at the product's interval); from the moment the payment
//      is sent until the domain's page answers 200 through the node's nginx. One order at a time. p50 and p95.
//   2. many sites: on a fresh node, BENCH_WEBNODE_SITES (500) sites are made through the agent's own API, then one
//      more; the time to make each, and the agent's memory (RSS) before and after. The 501st against the first.
// Every site is a Linux user: each node's users, homes, pools and databases are removed at the end.
// Writes bench-results/webnode-<time>.json with the date and the machine's load.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildAgent, type ProcessNode, startProcessNode } from '@hostpilot/agent/testing-process';
import { ADMIN_ROLE } from '@hostpilot/shared';
import { ADMIN_TEST_ENV, sendAs, staffSession } from '../src/test/admin';
import { credit, placeQuoted, signUpCustomer, withKey } from '../src/test/customer';
import { createTestApp, type TestContext } from '../src/test/helpers';
import { freePort } from '../resilience/support';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ORDERS = Number(process.env.BENCH_WEBNODE_ORDERS ?? 100);
const SITES = Number(process.env.BENCH_WEBNODE_SITES ?? 500);

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const round = (ms: number) => Math.round(ms);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

function visit(node: ProcessNode, host: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      { host: node.sitesHost, port: node.sitesPort, path: '/', headers: { host }, agent: false },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.setTimeout(10_000, () => request.destroy());
    request.on('error', () => resolve(0));
    request.end();
  });
}

async function localNode(): Promise<ProcessNode> {
  const node = await startProcessNode({
    prefix: `b${randomBytes(3).toString('hex')}`,
    agentPort: await freePort(),
    sitesPort: await freePort(),
  });
  await node.start();
  return node;
}

/** 1. Payment to the site answering, through the API and its workers. */
async function paymentToSite(): Promise<Record<string, unknown>> {
  let ctx: TestContext | undefined;
  const node = await localNode();
  try {
    ctx = await createTestApp({
      ...ADMIN_TEST_ENV,
      DEMO_MODE: 'true',
      PROVISIONING_ENABLED: 'true',
      LOG_LEVEL: 'warn',
    });
    const app = ctx.app;
    app.provisioning.start();
    const admin = await staffSession(app, ADMIN_ROLE);
    await sendAs(app, 'PUT', '/api/admin/orders/settings', admin, { requireApproval: false });
    const added = await sendAs(app, 'POST', '/api/admin/servers', admin, {
      name: 'e2e-bench-web',
      location: 'frankfurt',
      type: 'shared',
      ip: '127.0.0.1',
      capacity: ORDERS + 10,
      specs: { cpuModel: 'Bench CPU', cpuCores: 2, ramGb: 4, storageGb: 50, bandwidthGbps: 1 },
    });
    const serverId = added.json<{ id: string }>().id;
    await sendAs(app, 'PUT', `/api/admin/servers/${serverId}/driver`, admin, {
      driverType: 'web-node',
      settings: { agentUrl: node.url },
      secrets: { sharedSecret: node.secret },
    });
    const times: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const customer = await signUpCustomer(app);
      const domain = `pay-${randomUUID().slice(0, 8)}.com`;
      const placed = await placeQuoted(app, customer, [
        { kind: 'domain', domain, months: 12 },
        { kind: 'hosting', planId: 'starter', months: 1, location: 'frankfurt', domain },
      ]);
      if (placed.statusCode !== 201) throw new Error(`order: ${placed.body}`);
      await credit(app, customer.userId, 100_000);
      const t0 = performance.now();
      const paid = await app.inject({
        method: 'POST',
        url: `/api/orders/${placed.json<{ id: string }>().id}/pay`,
        headers: withKey(customer),
        payload: { method: 'balance' },
      });
      if (paid.statusCode !== 200) throw new Error(`payment: ${paid.body}`);
      const deadline = Date.now() + 120_000;
      while ((await visit(node, domain)) !== 200) {
        if (Date.now() > deadline) throw new Error(`${domain} did not answer within 2 minutes`);
        await sleep(20);
      }
      times.push(performance.now() - t0);
      if ((i + 1) % 10 === 0) console.log(`  ${i + 1}/${ORDERS} orders, last ${round(times.at(-1)!)} ms`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    return {
      orders: ORDERS,
      p50Ms: round(percentile(sorted, 50)),
      p95Ms: round(percentile(sorted, 95)),
      maxMs: round(sorted.at(-1) ?? 0),
      provisioningIntervalMs: ctx.config.provisioning.intervalMs,
      agentRssMb: rssMb(node.pid()),
    };
  } finally {
    await ctx?.app.provisioning.stop();
    await ctx?.close();
    await node.cleanUp();
  }
}

/** 2. Many sites on one node: the time of each and the agent's memory. */
async function manySites(): Promise<Record<string, unknown>> {
  const node = await localNode();
  try {
    const client = node.client();
    const rssBefore = rssMb(node.pid());
    const times: number[] = [];
    const steps: Record<string, number>[] = [];
    for (let i = 1; i <= SITES + 1; i++) {
      const t0 = performance.now();
      const answer = await client.call('PUT', `/v1/sites/bench-${i}`, {
        domain: `site-${i}.bench-example.com`,
        language: 'en',
        status: 'active',
        limits: { storageMb: 100, databases: 1, domains: 1 },
      });
      if (answer.status !== 200) throw new Error(`site ${i}: ${JSON.stringify(answer.body)}`);
      times.push(performance.now() - t0);
      steps.push((answer.body as { steps?: Record<string, number> }).steps ?? {});
      if (i % 50 === 0)
        console.log(`  ${i}/${SITES + 1} sites, last ${round(times.at(-1)!)} ms, RSS ${rssMb(node.pid())} MB`);
    }
    if ((await visit(node, `site-${SITES + 1}.bench-example.com`)) !== 200)
      throw new Error('the last site does not answer');
    // Each step the agent timed (its answer's `steps`): the median of the first ten sites against the last ten.
    const stepNames = [...new Set(steps.flatMap((entry) => Object.keys(entry)))];
    const perStep = Object.fromEntries(
      stepNames.map((name) => {
        const of = (part: Record<string, number>[]) => median(part.map((entry) => entry[name] ?? 0));
        const early = of(steps.slice(0, 10));
        const late = of(steps.slice(-10));
        return [
          name,
          {
            firstTenMedianMs: early,
            lastTenMedianMs: late,
            ratio: early > 0 ? Math.round((late / early) * 100) / 100 : null,
          },
        ];
      }),
    );
    console.table(perStep);
    const first = times[0]!;
    const last = times[SITES]!;
    return {
      sites: SITES,
      firstMs: round(first),
      lastMs: round(last),
      ratio: Math.round((last / first) * 100) / 100,
      // Single calls move with the machine's load; the medians of the first and last ten say the same more steadily.
      firstTenMedianMs: round(median(times.slice(0, 10))),
      lastTenMedianMs: round(median(times.slice(-10))),
      medianRatio: Math.round((median(times.slice(-10)) / median(times.slice(0, 10))) * 100) / 100,
      steps: perStep,
      agentRssBeforeMb: rssBefore,
      agentRssAfterMb: rssMb(node.pid()),
    };
  } finally {
    await node.cleanUp();
  }
}

if (typeof process.getuid === 'function' && process.getuid() !== 0) {
  console.error('bench:webnode needs root (each site is a Linux user), nginx and php-fpm');
  process.exit(1);
}
await buildAgent();
const started = new Date().toISOString();
console.log(`Payment to site: ${ORDERS} orders on one local node…`);
// BENCH_WEBNODE_ORDERS=0 leaves this part out (to time the many sites alone).
const payment = ORDERS > 0 ? await paymentToSite() : null;
console.log(payment);
console.log(`Many sites: ${SITES} sites and one more on one local node…`);
const sites = await manySites();
console.log(sites);
const result = {
  date: started,
  loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  cores: os.cpus().length,
  payment,
  sites,
};
const dir = path.join(ROOT, 'bench-results');
fs.mkdirSync(dir, { recursive: true });
const file = path.join(dir, `webnode-${started.replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(`Written ${path.relative(ROOT, file)}`);
process.exit(0);
