// The engine run of npm run bench:dns (bench/dns.ts): the whole product, not the driver alone.
//
// Builds the API and starts it as `npm start` runs it (NODE_ENV=production, the demo seeded, the provisioning
// workers on, its own PowerDNS under its DATA_DIR), with a temporary SQLite database. Then, through the product's
// own outbox writer (enqueueProvisioning, as every DNS edit calls it) on the same database file:
//   1. `zones` domains of the demo customer with their records, published by the workers (not timed);
//   2. `edits` record edits over them — added, changed and deleted rows, each with its task, folded per zone as
//      the editor's are — written in one transaction, so they are queued at once; the workers drain them;
//   3. meanwhile the demo customer adds and deletes a record of their own domain through the HTTP API at a fixed
//      rate, and each answer's time is kept.
// Answers the drain's edits per second and the customer's answer times.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_CUSTOMER } from '@hostpilot/shared';
import { type AppDatabase, createDatabase } from '../src/db';
import { createLocalRegistrar } from '../src/modules/ordering/registrar';
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
  probe: { count: number; ratePerSecond: number; p50Ms: number; p99Ms: number; maxMs: number; errors: number };
}

/** The customer's edits per second while the queue drains: light, and often enough for a p99. */
const PROBE_RATE = 20;
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
  let server: ChildProcess | undefined;
  let database: AppDatabase | undefined;
  try {
    server = spawn(process.execPath, ['apps/api/dist/server.js'], {
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
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
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

    // 3. The customer's own edits through the HTTP API while the queue drains.
    const latencies: number[] = [];
    let errors = 0;
    let draining = true;
    const probe = (async () => {
      let n = 0;
      let next = performance.now();
      while (draining) {
        const t0 = performance.now();
        try {
          const added = await fetch(`${url}/api/domains/${own.id}/dns-records`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ type: 'TXT', name: `probe${n}`, value: `probe ${n}`, ttl: 300 }),
          });
          const body = (await added.json()) as { id?: string };
          latencies.push(performance.now() - t0);
          if (added.status !== 201 || !body.id) errors += 1;
          else {
            const t1 = performance.now();
            const removed = await fetch(`${url}/api/domains/${own.id}/dns-records/${body.id}`, {
              method: 'DELETE',
              headers: auth,
            });
            await removed.arrayBuffer();
            latencies.push(performance.now() - t1);
            if (removed.status !== 204) errors += 1;
          }
        } catch {
          errors += 1;
        }
        n += 1;
        // Open loop: the next pair starts on schedule, however long this one took.
        next += 2000 / PROBE_RATE;
        await sleep(Math.max(0, next - performance.now()));
      }
    })();
    await drain('bench-', 600_000);
    const ms = performance.now() - start;
    draining = false;
    await probe;
    const calls = (await countCalls(db)) - callsBefore;
    const callMs = await meanCallMs(db, callsBefore);

    // A sample of the answers, through DNS: the last zone's first host has its edited address.
    const sample = zones - 1;
    const expected = editedRecords(sample, editsOf(sample)).find((r) => r.name === 'host1')?.content;
    const answer = expected ? await dig(dnsPort, `host1.${zoneName(sample)}`, 'A') : [];
    if (expected && answer[0] !== expected) throw new Error(`DNS answered ${answer[0]}, expected ${expected}`);

    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      seconds: ms / 1000,
      editsPerSecond: edits / (ms / 1000),
      calls,
      meanCallMs: callMs,
      probe: {
        count: latencies.length,
        ratePerSecond: PROBE_RATE,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted.at(-1) ?? 0,
        errors,
      },
    };
  } finally {
    await database?.close();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    await stopPowerDnsLeftIn(path.join(dataDir, 'powerdns'));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
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
