// The engine run of npm run bench:dns (bench/dns.ts): the whole product, not the driver alone.
//
// Builds the API and starts it as `npm start` runs it (NODE_ENV=production, the demo seeded, the provisioning
// workers on, its own PowerDNS under its DATA_DIR), with a temporary SQLite database. Then, through the product's
// own outbox writer (enqueueProvisioning, as every DNS edit calls it) on the same database file:
//   1. `zones` domains of the demo customer with their records, published by the workers (not timed);
//   2. `edits` record edits over them — added, changed and deleted rows, each with its task, folded per zone as
//      the editor's are — written in one transaction, so they are queued at once; the workers drain them;
//   3. meanwhile the demo customer adds and deletes a record of their own domain through the HTTP API at a fixed
//      rate, from a process of its own (bench/dns-probe.ts), and each answer's time is kept. The same customer
//      first edits for a few seconds while nothing drains (the warm-up: the server's first requests of the
//      route, and the idle figure to compare with), reported apart and not counted.
// The server runs with bench/event-loop-monitor.mjs preloaded, reset when the drain starts, so the report also
// says how long the server's event loop was held while the queue drained.
// Answers the drain's edits per second, the customer's answer times and the server's event-loop delay.
import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_CUSTOMER } from '@hostpilot/shared';
import { type AppDatabase, createDatabase } from '../src/db/index';
// The drivers, as the server registers them: enqueueProvisioning writes a task only for a registered driver.
import '../src/drivers';
import { createLocalRegistrar } from '../src/modules/domains';
import { freePort as freeDnsPort, stopPowerDnsLeftIn } from '../src/modules/provisioning/drivers/powerdns/process';
import { enqueueProvisioning } from '../src/modules/provisioning/tasks';
import { dig } from '../src/test/powerdns';
import { freePort } from '../resilience/support';
import { applyEdit, editedRecords, editOf, initialRecords, zoneName } from './dns-zones';

export interface EngineRun {
  seconds: number;
  editsPerSecond: number;
  /** Driver calls the drain took (one per zone when every zone's edits folded into one task). */
  calls: number;
  /** The mean driver call of the drain (PowerDNS's GET and PATCH of a zone). */
  meanCallMs: number;
  /** The customer's edits while the queue drained (the target's figure). */
  probe: ProbeFigures;
  /** The same customer's edits before, while nothing drained: the warm-up, not counted in `probe`. */
  warmUp: ProbeFigures;
  /** How late the server's event loop ran its timers while the queue drained (bench/event-loop-monitor.mjs). */
  eventLoop: { p50Ms: number; p99Ms: number; maxMs: number; meanMs: number; cpuMs: number; utilization: number };
}

export interface ProbeFigures {
  count: number;
  ratePerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
}

/**
 * The customer's requests per second while the queue drains (an add and a delete each pair): light, and often
 * enough for a p99 of at least 300 answers over a drain of 6 s or more (BENCH_DNS_PROBE_RATE changes it).
 */
const PROBE_RATE = Number(process.env.BENCH_DNS_PROBE_RATE ?? 50);
/** Fewer answers than this and the p99 is one or two of them: the report says so. */
export const PROBE_MIN_FOR_P99 = 300;
/** How long the customer edits before the queue is written (the warm-up, reported apart). */
const WARM_UP_MS = 3000;
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runThroughEngine(options: { root: string; zones: number; edits: number }): Promise<EngineRun> {
  const { root, zones, edits } = options;
  if (process.env.BENCH_DNS_NO_BUILD !== '1') {
    console.log('Building the API…');
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/api', '--silent'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('building the API failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-bench-dns-engine-'));
  const [port, dnsPort] = [await freePort(), await freeDnsPort('127.0.0.1', true)];
  const url = `http://127.0.0.1:${port}`;
  const eventLoopReport = path.join(dataDir, 'event-loop.json');
  let server: ChildProcess | undefined;
  let prober: ChildProcess | undefined;
  let database: AppDatabase | undefined;
  try {
    server = spawn(
      process.execPath,
      ['--import', './apps/api/bench/event-loop-monitor.mjs', 'apps/api/dist/server.js'],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          JWT_SECRET: randomBytes(32).toString('hex'),
          SEED_DEMO: 'true',
          SCHEDULER_ENABLED: 'false',
          PROVISIONING_ENABLED: 'true',
          PROVISIONING_INTERVAL_MS: '200',
          DNS_PORT: String(dnsPort),
          LOG_LEVEL: 'error',
          RATE_LIMIT_API_MAX: '100000000',
          EVENT_LOOP_REPORT: eventLoopReport,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    await waitFor(`${url}/api/health`);
    // The same database file, beside the server (SQLite in WAL mode), for the outbox writes and the counts.
    database = createDatabase({ kind: 'sqlite', file: path.join(dataDir, 'app.db') } as Parameters<
      typeof createDatabase
    >[0]);
    const db = database.db;
    const unfinished = async (prefix: string) =>
      Number(
        (
          await db
            .selectFrom('provisioningTasks')
            .innerJoin('domains', 'domains.id', 'provisioningTasks.resourceId')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('provisioningTasks.status', 'in', ['pending', 'running', 'failed'])
            .where('domains.name', 'like', `${prefix}%`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const drain = async (prefix: string, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while ((await unfinished(prefix)) > 0) {
        if (Date.now() > deadline) throw new Error(`the workers did not drain ${prefix}* in ${timeoutMs / 1000} s`);
        await sleep(100);
      }
    };
    await drain('', 120_000);

    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }),
    });
    const session = (await login.json()) as { access_token: string; user: { id: string } };
    const userId = session.user.id;
    const auth = { authorization: `Bearer ${session.access_token}` };
    const domains = (await (await fetch(`${url}/api/domains?pageSize=10`, { headers: auth })).json()) as {
      items: { id: string; name: string }[];
    };
    const own = domains.items[0]!;

    // 1. The zones, published (not timed).
    const rows: { id: string; records: { id: string; record: ReturnType<typeof initialRecords>[number] }[] }[] = [];
    const registrar = createLocalRegistrar(db);
    let now = Date.now();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < zones; i++) {
        const id = await registrar.register(trx, {
          name: zoneName(i),
          userId,
          expiresAt: now + 365 * 86_400_000,
          now,
        });
        if (!id) throw new Error(`${zoneName(i)} could not be registered`);
        const records = initialRecords().map((record) => ({ id: randomUUID(), record }));
        await trx
          .insertInto('dnsRecords')
          .values(records.map((r) => row(id, r.id, r.record, now)))
          .execute();
        await enqueueProvisioning(trx, { resourceType: 'domain', resourceId: id, operation: 'create', now });
        rows.push({ id, records });
      }
    });
    const setupStart = performance.now();
    await drain('bench-', 600_000);
    console.log(
      `Engine: ${zones} signed zones published in ${((performance.now() - setupStart) / 1000).toFixed(1)} s (not timed)`,
    );

    // The customer's own process, warmed up while nothing drains.
    prober = fork(path.join(import.meta.dirname, 'dns-probe.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        PROBE_URL: url,
        PROBE_TOKEN: session.access_token,
        PROBE_DOMAIN: own.id,
        PROBE_RATE: String(PROBE_RATE),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const child = prober;
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`the probe exited (${code})`)));
    });
    child.send({ phase: 'warm-up' });
    await sleep(WARM_UP_MS);
    child.send({ phase: null });
    await drain('', 60_000);

    // 2. The edits, queued at once.
    const perZone = Math.floor(edits / zones);
    const extra = edits - perZone * zones;
    const editsOf = (i: number) => perZone + (i < extra ? 1 : 0);
    now = Date.now();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < zones; i++) {
        const zone = rows[i]!;
        for (let e = 0; e < editsOf(i); e++) {
          const edit = editOf(i, e);
          if (edit.kind === 'add') {
            const id = randomUUID();
            await trx
              .insertInto('dnsRecords')
              .values(row(zone.id, id, edit.record, now))
              .execute();
            applyEdit(zone.records, edit, (record) => ({ id, record: { ...record } }));
          } else if (edit.kind === 'change') {
            await trx
              .updateTable('dnsRecords')
              .set({ value: edit.content, updatedAt: now })
              .where('id', '=', zone.records[edit.index]!.id)
              .execute();
            applyEdit(zone.records, edit, () => undefined as never);
          } else {
            await trx.deleteFrom('dnsRecords').where('id', '=', zone.records[edit.index]!.id).execute();
            applyEdit(zone.records, edit, () => undefined as never);
          }
          await enqueueProvisioning(trx, { resourceType: 'domain', resourceId: zone.id, operation: 'update', now });
        }
      }
    });
    const callsBefore = await countCalls(db);
    const start = performance.now();

    // 3. The customer's edits while the queue drains; the server's event-loop figures from now on.
    child.send({ phase: 'drain' });
    server.kill('SIGWINCH');
    await drain('bench-', 600_000);
    const ms = performance.now() - start;
    const eventLoop = JSON.parse(fs.readFileSync(eventLoopReport, 'utf8')) as EngineRun['eventLoop'];
    const report = new Promise<Record<string, { latencies: number[]; errors: number }>>((resolve) =>
      child.once('message', (message: { report: Record<string, { latencies: number[]; errors: number }> }) =>
        resolve(message.report),
      ),
    );
    child.send({ phase: null, report: true });
    const phases = await report;
    const calls = (await countCalls(db)) - callsBefore;
    const callMs = await meanCallMs(db, callsBefore);

    // A sample of the answers, through DNS: the last zone's first host has its edited address.
    const sample = zones - 1;
    const expected = editedRecords(sample, editsOf(sample)).find((r) => r.name === 'host1')?.content;
    const answer = expected ? await dig(dnsPort, `host1.${zoneName(sample)}`, 'A') : [];
    if (expected && answer[0] !== expected) throw new Error(`DNS answered ${answer[0]}, expected ${expected}`);

    return {
      seconds: ms / 1000,
      editsPerSecond: edits / (ms / 1000),
      calls,
      meanCallMs: callMs,
      probe: figures(phases.drain),
      warmUp: figures(phases['warm-up']),
      eventLoop,
    };
  } finally {
    if (prober && prober.exitCode === null) prober.kill();
    await database?.close();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    await stopPowerDnsLeftIn(path.join(dataDir, 'powerdns'));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function figures(phase: { latencies: number[]; errors: number } | undefined): ProbeFigures {
  const sorted = [...(phase?.latencies ?? [])].sort((a, b) => a - b);
  return {
    count: sorted.length,
    ratePerSecond: PROBE_RATE,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? 0,
    errors: phase?.errors ?? 0,
  };
}

function row(
  domainId: string,
  id: string,
  record: ReturnType<typeof initialRecords>[number],
  now: number,
): {
  id: string;
  domainId: string;
  type: never;
  name: string;
  value: string;
  ttl: number;
  priority: number | null;
  createdAt: number;
  updatedAt: number;
} {
  return {
    id,
    domainId,
    type: record.type as never,
    name: record.name,
    value: record.content,
    ttl: record.ttl,
    priority: record.priority ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

async function countCalls(db: AppDatabase['db']): Promise<number> {
  const { n } = await db
    .selectFrom('provisioningCalls')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The mean time of the driver calls after the first `skip` (what PowerDNS took, against the whole drain). */
async function meanCallMs(db: AppDatabase['db'], skip: number): Promise<number> {
  const rows = await db.selectFrom('provisioningCalls').select('durationMs').orderBy('startedAt').execute();
  const mine = rows.slice(skip);
  return mine.reduce((sum, r) => sum + r.durationMs, 0) / Math.max(1, mine.length);
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
