// npm run bench:api — how fast the sign-in API answers, next to a bare Fastify route measured in the same run.
//
// Builds the API, starts it on a free loopback port with a temporary SQLite database (demo accounts seeded),
// starts a bare Fastify server beside it, and drives both with autocannon:
//   1. GET /bare on the bare server (the baseline: HTTP and Fastify alone on this machine, now)
//   2. GET /api/users/me with a Bearer token (JWT verification, a database read, serialization)
//   3. the sign-in storm (issue 19): POST /api/auth/login with 20 concurrent clients while /api/users/me is probed
//      at a fixed rate, against the same probe on the idle server and the raw argon2id rate of the hashing cap
//   4. the sign-in flow with 50 clients, each looping register → login → refresh → GET /api/users/me with a new
//      account (bench/sign-in-flow.ts, the same flow as the load test), with the server's event-loop stalls
// Prints a table and writes the numbers to bench-results/api-<time>.json. Bounded in time:
// BENCH_DURATION seconds per run (default 10) after a 2-second warm-up.
//
// With BENCH_SCALE=N (e.g. 100000) the run is the scaled one instead (bench/scale.ts): N customers seeded into a
// throw-away database (SQLite, or PostgreSQL with BENCH_DATABASE=postgres), then /bare, /api/users/me, the admin
// users list (an e-mail fragment, sorted by last sign-in, page 3 of 20) and the dashboard summary.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result as AutocannonResult } from 'autocannon';
import { DEMO_CUSTOMER } from '@hostpilot/shared';
import { defaultPasswordHashConcurrency } from '../src/config';
import { hashPassword, verifyPassword } from '../src/lib/password';
import { freePort, ROOT } from '../resilience/support';
import { describeMachine, KEEP, SCALE, SCALE_DATABASE, scaledDatabase, scaledTargets } from './scale';
import { type EventLoopReport, flowEnv, readEventLoopReport, runSignInFlow } from './sign-in-flow';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 2;
const children: ChildProcess[] = [];

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // The lifecycle scheduler stays off: its start-up pass over the population would run beside the measurements.
    env: { ...process.env, SCHEDULER_ENABLED: 'false', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}

interface Measure {
  name: string;
  connections: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  requests: number;
  non2xx: number;
  statusCodes?: Record<string, number>;
  errors: number;
  /**
   * Processor time (user and system) of the measured server process per answered request, in µs: what each
   * request costs the server, which a busy machine disturbs far less than requests per second (Linux only).
   */
  cpuMicrosPerRequest?: number;
}

/** Clock ticks per second of /proc/<pid>/stat's times. */
const CLOCK_TICKS = (() => {
  const answer = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(answer.stdout?.trim()) || 100;
})();

/** User plus system processor time of a process so far, in seconds; undefined where /proc cannot tell. */
function processorSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces, inside parentheses): utime is the 14th field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

async function measure(
  name: string,
  options: {
    url: string;
    connections: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    overallRate?: number;
    /** The server process whose processor time per request is reported. */
    pid?: number;
  },
): Promise<Measure> {
  const { pid, ...target } = options;
  const base = { ...target, method: options.method ?? 'GET' };
  await autocannon({ ...base, duration: WARMUP });
  const before = processorSeconds(pid);
  const result = await autocannon({ ...base, duration: DURATION });
  const after = processorSeconds(pid);
  const measured = toMeasure(name, options.connections, result);
  if (before !== undefined && after !== undefined && result.requests.total > 0) {
    measured.cpuMicrosPerRequest = Math.round(((after - before) * 1e6) / result.requests.total);
  }
  return measured;
}

function toMeasure(name: string, connections: number, result: AutocannonResult): Measure {
  return {
    name,
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    requests: result.requests.total,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]),
    ),
    errors: result.errors + result.timeouts,
  };
}

/** The server's default cap on concurrent password hashes (config.ts), which the raw rate is measured with. */
const HASH_CONCURRENCY = Number(process.env.PASSWORD_HASH_CONCURRENCY ?? defaultPasswordHashConcurrency());
/** The probe's fixed rate: light enough to leave the server idle, frequent enough for a p99. */
const PROBE_RATE = 200;

/** Latency of a light, fixed-rate stream of requests (open loop, so a stalled server shows in the latency). */
function probe(name: string, target: { url: string; headers: Record<string, string> }): Promise<Measure> {
  return measure(name, { ...target, connections: 10, overallRate: PROBE_RATE });
}

/**
 * argon2id verifications per second with the library and parameters the server uses, `concurrency` at a time:
 * the most sign-ins per second the server's hashing cap can allow on this machine.
 */
async function rawArgon2Rate(concurrency: number, seconds: number): Promise<number> {
  const passwordHash = await hashPassword(DEMO_CUSTOMER.password);
  const started = performance.now();
  const end = started + seconds * 1000;
  let verified = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        if (!(await verifyPassword(passwordHash, DEMO_CUSTOMER.password))) throw new Error('raw argon2id check failed');
        verified += 1;
      }
    }),
  );
  return verified / ((performance.now() - started) / 1000);
}

/** 20 clients signing in as fast as they can, with the probe running through the middle of the storm. */
async function signInStorm(
  signIn: { url: string; method: 'POST'; headers: Record<string, string>; body: string },
  target: { url: string; headers: Record<string, string> },
): Promise<{ signIn: Measure; probe: Measure }> {
  const started = autocannon({ ...signIn, connections: 20, duration: WARMUP + DURATION + 1 });
  await new Promise((resolve) => setTimeout(resolve, WARMUP * 1000));
  const during = await autocannon({ ...target, connections: 10, overallRate: PROBE_RATE, duration: DURATION });
  const storm = await started;
  // Sign-ins per second that succeeded: a refused one (503 once the queue is full) is not a sign-in.
  const signedIn = { ...toMeasure('POST /api/auth/login (storm)', 20, storm) };
  signedIn.requestsPerSecond = Math.round((storm['2xx'] / storm.duration) * 10) / 10;
  return {
    signIn: signedIn,
    probe: toMeasure('GET /api/users/me, during the storm (fixed rate)', 10, during),
  };
}

async function main() {
  if (SCALE > 0) return scaled();
  console.log('Building the API…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/api', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the API failed');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-bench-'));
  const eventLoopReport = path.join(dataDir, 'event-loop.json');
  const [apiPort, barePort] = [await freePort(), await freePort()];
  const api = `http://127.0.0.1:${apiPort}`;
  const bare = `http://127.0.0.1:${barePort}`;
  try {
    const server = start(['--import', './apps/api/bench/event-loop-monitor.mjs', 'apps/api/dist/server.js'], {
      ...flowEnv,
      EVENT_LOOP_REPORT: eventLoopReport,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
      // Every sign-in comes from this one address; successful ones are not counted, set high all the same.
    });
    const bareServer = start(['--import', 'tsx', 'apps/api/bench/bare-server.ts'], { PORT: String(barePort) });
    await Promise.all([waitFor(`${api}/api/health`), waitFor(`${bare}/bare`)]);

    const credentials = JSON.stringify({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
    const signIn = await fetch(`${api}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: credentials,
    });
    if (!signIn.ok) throw new Error(`demo sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const { access_token: accessToken } = (await signIn.json()) as { access_token: string };

    console.log(`Measuring: ${DURATION} s per run after ${WARMUP} s of warm-up, on ${os.cpus().length} CPU(s)…`);
    const results = [
      await measure('GET /bare (bare Fastify)', { url: `${bare}/bare`, connections: 10, pid: bareServer.pid }),
      await measure('GET /api/users/me', {
        url: `${api}/api/users/me`,
        connections: 10,
        headers: { authorization: `Bearer ${accessToken}` },
        pid: server.pid,
      }),
    ];

    // Issue 19's storm: 20 clients sign in as fast as they can while /api/users/me is probed at a fixed rate,
    // measured against the same probe on the idle server and against the raw argon2id rate the cap allows.
    const me = { url: `${api}/api/users/me`, headers: { authorization: `Bearer ${accessToken}` } };
    const rawRate = await rawArgon2Rate(HASH_CONCURRENCY, DURATION);
    const idleProbe = await probe('GET /api/users/me, idle (fixed rate)', me);
    const storm = await signInStorm(
      {
        url: `${api}/api/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: credentials,
      },
      me,
    );
    results.push(idleProbe, storm.probe, storm.signIn);

    // The sign-in flow, with the event loop measured from its start.
    server.kill('SIGWINCH');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const flow = await runSignInFlow({ url: api, connections: 50, duration: DURATION, label: 'bench' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const eventLoop: EventLoopReport = readEventLoopReport(eventLoopReport);
    results.push({
      name: 'sign-in flow (register, login, refresh, me)',
      connections: flow.connections,
      requestsPerSecond: flow.requestsPerSecond,
      latencyMs: flow.latencyMs,
      requests: flow.requests,
      non2xx: flow.non2xx,
      errors: flow.errors + flow.timeouts,
    });

    console.table(
      Object.fromEntries(
        results.map((r) => [
          r.name,
          {
            clients: r.connections,
            'req/s': r.requestsPerSecond,
            'p50 ms': r.latencyMs.p50,
            'p99 ms': r.latencyMs.p99,
            'max ms': r.latencyMs.max,
            'non-2xx': r.non2xx,
            errors: r.errors,
            'CPU µs/req': r.cpuMicrosPerRequest ?? '',
          },
        ]),
      ),
    );
    console.log(
      `Sign-in flow: ${flow.accountsPerSecond} accounts/s complete the flow; ${flow.serverErrors} answers 5xx; ` +
        `event loop stalled at most ${eventLoop.maxMs} ms (p99 ${eventLoop.p99Ms} ms, p50 ${eventLoop.p50Ms} ms).`,
    );
    const [baseline, meRun] = results;
    console.log(
      `/api/users/me answers at ${Math.round((meRun!.requestsPerSecond / baseline!.requestsPerSecond) * 100)}% of the bare route's rate.`,
    );
    const stormRatios = {
      probeP99Idle: idleProbe.latencyMs.p99,
      probeP99DuringStorm: storm.probe.latencyMs.p99,
      p99Ratio: Number((storm.probe.latencyMs.p99 / Math.max(1, idleProbe.latencyMs.p99)).toFixed(2)),
      rawArgon2PerSecond: Number(rawRate.toFixed(1)),
      hashConcurrency: HASH_CONCURRENCY,
      signInPerSecond: storm.signIn.requestsPerSecond,
      signInRatio: Number((storm.signIn.requestsPerSecond / rawRate).toFixed(2)),
    };
    console.log(
      `Sign-in storm: /api/users/me p99 ${stormRatios.probeP99DuringStorm} ms against ${stormRatios.probeP99Idle} ms idle ` +
        `(${stormRatios.p99Ratio}×, target at most 2×); sign-in ${stormRatios.signInPerSecond}/s against a raw ` +
        `argon2id rate of ${stormRatios.rawArgon2PerSecond}/s with ${HASH_CONCURRENCY} at a time ` +
        `(${stormRatios.signInRatio}×, target at least 0.9×).`,
    );

    const outDir = path.join(ROOT, 'bench-results');
    fs.mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    const report = {
      benchmark: 'api',
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      durationSeconds: DURATION,
      database: 'sqlite',
      results,
      signInStorm: stormRatios,
      signInFlow: {
        accountsPerSecond: flow.accountsPerSecond,
        accountsRegistered: flow.registered.length,
        statusCodes: flow.statusCodes,
        serverErrors: flow.serverErrors,
        eventLoopMs: eventLoop,
      },
    };
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Written to ${path.relative(ROOT, file)}`);
    const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0);
    if (failed.length > 0) {
      const detail = failed.map((r) => `${r.name}: ${JSON.stringify(r.statusCodes ?? {})}, ${r.errors} errors`);
      throw new Error(`some requests failed: the numbers above are not comparable\n${detail.join('\n')}`);
    }
  } finally {
    stopAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(results: Measure[]) {
  console.table(
    Object.fromEntries(
      results.map((r) => [
        r.name,
        {
          clients: r.connections,
          'req/s': r.requestsPerSecond,
          'p50 ms': r.latencyMs.p50,
          'p99 ms': r.latencyMs.p99,
          'max ms': r.latencyMs.max,
          'non-2xx': r.non2xx,
          errors: r.errors,
          'CPU µs/req': r.cpuMicrosPerRequest ?? '',
        },
      ]),
    ),
  );
}

/** The scaled run (BENCH_SCALE): the lists over a large population, read against /api/users/me. */
async function scaled() {
  console.log('Building the API…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/api', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the API failed');
  // BENCH_KEEP: SQLite keeps its data directory there; PostgreSQL keeps its schema (and a temporary directory).
  const keepDir = SCALE_DATABASE === 'sqlite' && KEEP ? path.resolve(KEEP) : undefined;
  if (keepDir) fs.mkdirSync(keepDir, { recursive: true, mode: 0o700 });
  const dataDir = keepDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-bench-'));
  const database = await scaledDatabase(dataDir);
  const [apiPort, barePort] = [await freePort(), await freePort()];
  const api = `http://127.0.0.1:${apiPort}`;
  const bare = `http://127.0.0.1:${barePort}`;
  try {
    console.log(
      KEEP
        ? `Seeding ${SCALE} customers into the kept ${SCALE_DATABASE} database ${KEEP} (only those missing)…`
        : `Seeding ${SCALE} customers into a throw-away ${SCALE_DATABASE} database (minutes)…`,
    );
    const seedStart = Date.now();
    const server = start(['apps/api/dist/server.js'], {
      // Every request comes from one address: the per-address API limit would answer most of them 429.
      ...flowEnv,
      ...database.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
    });
    const bareServer = start(['--import', 'tsx', 'apps/api/bench/bare-server.ts'], { PORT: String(barePort) });
    // Seeding takes minutes; a server that exits instead (a failed migration, say) ends the run at once.
    const exited = new Promise<never>((_, reject) =>
      server.once('exit', (code) => reject(new Error(`the API exited (${code}) before it answered`))),
    );
    // Its exit at the end of the run, once measured, is expected.
    exited.catch(() => undefined);
    await Promise.race([Promise.all([waitFor(`${api}/api/health`, 60 * 60_000), waitFor(`${bare}/bare`)]), exited]);
    const seedSeconds = Math.round((Date.now() - seedStart) / 1000);
    const targets = await scaledTargets(api);
    console.log(
      `Seeded in ${seedSeconds} s: ${targets.customers} customers; "${targets.fragment}" matches ${targets.matches}. ` +
        `Measuring: ${DURATION} s per run after ${WARMUP} s of warm-up, ${describeMachine()}…`,
    );
    const customer = { authorization: `Bearer ${targets.customerToken}` };
    const results = [
      await measure('GET /bare (bare Fastify)', { url: `${bare}/bare`, connections: 10, pid: bareServer.pid }),
      await measure('GET /api/users/me', {
        url: `${api}/api/users/me`,
        connections: 10,
        headers: customer,
        pid: server.pid,
      }),
      await measure('GET /api/admin/users (search, last sign-in, page 3 of 20)', {
        url: targets.usersUrl,
        connections: 10,
        pid: server.pid,
        headers: { authorization: `Bearer ${targets.adminToken}` },
      }),
      await measure('GET /api/dashboard/summary', {
        url: `${api}/api/dashboard/summary`,
        connections: 10,
        pid: server.pid,
        headers: customer,
      }),
    ];
    printTable(results);
    const [baseline, me, ...lists] = results as [Measure, Measure, ...Measure[]];
    console.log(
      `/api/users/me answers at ${(me.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}× the bare route.`,
    );
    for (const list of lists) {
      console.log(`${list.name}: ${(list.requestsPerSecond / me.requestsPerSecond).toFixed(2)}× /api/users/me.`);
    }
    const outDir = path.join(ROOT, 'bench-results');
    fs.mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `api-scale-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    const report = {
      benchmark: 'api-scale',
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      durationSeconds: DURATION,
      database: SCALE_DATABASE,
      scale: SCALE,
      seedSeconds,
      searchFragment: targets.fragment,
      searchMatches: targets.matches,
      results,
    };
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Written to ${path.relative(ROOT, file)}`);
    if (results.some((r) => r.non2xx > 0 || r.errors > 0)) {
      throw new Error('some requests failed (non-2xx or errors): the numbers above are not comparable');
    }
  } finally {
    stopAll();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.drop();
    if (!keepDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  stopAll();
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
