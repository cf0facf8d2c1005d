#!/usr/bin/env node
// npm test: every check, in order, on a fresh clone or a working tree.
//   typecheck · lint · unit and API tests (SQLite) · API tests on PostgreSQL (when reachable)
//   · rate-limit counters on Redis (when reachable)
//   · build · end-to-end tests in headless Chromium · resilience tests (when their services are there)
// Every step runs even after a failure, so one run shows everything that is wrong.
// The checks that use one core each (the four type-checks, ESLint, Prettier, the build) run side by side, as many at
// once as the machine has cores; each one's output is printed whole when it ends. The test suites run one after
// another (docs/decisions/061-a-faster-and-steadier-npm-test.md).
// Exits non-zero on any failure and ends with a summary line, the time of each step and a total line.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild, ensureInstall, paint, ROOT, run, runCaptured, step } from './lib.mjs';

const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
// TEST_REPORT_DIR keeps the JSON reports (every test's duration) after the run, for finding where the time goes.
const keepReports = Boolean(process.env.TEST_REPORT_DIR);
if (keepReports) fs.mkdirSync(process.env.TEST_REPORT_DIR, { recursive: true });
const reportDir = keepReports
  ? path.resolve(process.env.TEST_REPORT_DIR)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-test-'));
const results = [];

const started = Date.now();

function record(name, ok, counts, seconds) {
  results.push({ name, ok, ...counts, ...(seconds === undefined ? {} : { seconds }) });
}

const since = (start) => Math.round((Date.now() - start) / 1000);

/** Runs the jobs, at most `limit` at a time, longest expected first (the order given); resolves when all ended. */
async function pool(jobs, limit) {
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await job();
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}

function readVitest(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + (report.numTodoTests ?? 0) };
  } catch {
    return { passed: 0, failed: 0 };
  }
}

function readPlaywright(file) {
  try {
    const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
    return {
      passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
      failed: (stats.unexpected ?? 0) + (stats.skipped ?? 0),
      // Passed only on their retry (apps/web/playwright.config.ts): named in the summary, never hidden.
      flaky: stats.flaky ?? 0,
    };
  } catch {
    return { passed: 0, failed: 0 };
  }
}

function portAnswers(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function vitest(name, args, env = {}) {
  const start = Date.now();
  const report = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const code = await run(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    { env: { ...process.env, ...env } },
  );
  const counts = readVitest(report);
  record(name, code === 0 && counts.failed === 0 && counts.passed > 0, counts, since(start));
}

ensureInstall();

// Type-checks, lint, format check and the build: single-threaded tools, so one per core. Slowest first.
step('Type-checking, linting and building (side by side)');
{
  const checksStart = Date.now();
  const checks = [];
  const check = (name, work) => {
    const entry = { name, ok: false, seconds: 0 };
    checks.push(entry);
    return async () => {
      const start = Date.now();
      const { ok, output } = await work().catch((error) => ({ ok: false, output: `${error.stack ?? error}\n` }));
      entry.ok = ok;
      entry.seconds = since(start);
      step(`${name}: ${ok ? 'passed' : 'FAILED'} (${entry.seconds} s)`);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    };
  };
  const command = (name, tool, args) =>
    check(name, async () => {
      const { code, output } = await runCaptured(bin(tool), args);
      return { ok: code === 0, output };
    });
  const typecheck = (project) => command(`typecheck ${project}`, 'tsc', ['--noEmit', '-p', project]);
  // Longest first, as measured (docs/decisions/061-a-faster-and-steadier-npm-test.md), so that the short ones fill
  // in at the end.
  const jobs = [
    command('lint', 'eslint', ['.', '--max-warnings=0']),
    typecheck('apps/api'),
    typecheck('apps/web'),
    check('build', () => ensureBuild({ quiet: true })),
    command('format', 'prettier', ['--check', '.', '--log-level', 'warn']),
    typecheck('packages/shared'),
    typecheck('apps/agent'),
  ];
  await pool(jobs, Math.max(2, os.availableParallelism()));
  const order = [
    'typecheck packages/shared',
    'typecheck apps/api',
    'typecheck apps/web',
    'typecheck apps/agent',
    'lint',
    'format',
    'build',
  ];
  for (const name of order) {
    const entry = checks.find((c) => c.name === name);
    record(entry.name, entry.ok, undefined, entry.seconds);
  }
  console.log(paint('1;36', `▸ Checks and build done in ${since(checksStart)} s`));
}
const built = results.find((r) => r.name === 'build').ok;

step('Unit and API tests (SQLite)');
await vitest('unit and API (SQLite)', []);

const postgresUrl =
  process.env.TEST_DATABASE_URL ?? ((await portAnswers(5432)) ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);
/** PostgreSQL may answer on its port while it is still starting or recovering: wait until it runs a query. */
async function postgresReady(url, timeoutMs = 60_000) {
  const { default: pg } = await import('pg');
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  console.log(
    paint('31', `▸ PostgreSQL at ${url.replace(/\/\/[^@/]*@/, '//')} never became ready: ${lastError?.message}`),
  );
  return false;
}

if (postgresUrl) {
  await postgresReady(postgresUrl);
  step(`API tests on PostgreSQL (${postgresUrl.replace(/\/\/[^@/]*@/, '//')})`);
  await vitest('API (PostgreSQL)', ['--project', 'api'], { TEST_DATABASE_URL: postgresUrl });
} else {
  console.log(
    paint('33', '▸ PostgreSQL is not reachable on 127.0.0.1:5432 and TEST_DATABASE_URL is unset: skipping its API run'),
  );
}

// The Redis counter store's tests (apps/api/src/**/*.redis.test.ts) are included only with TEST_REDIS_URL.
const redisUrl = process.env.TEST_REDIS_URL ?? ((await portAnswers(6379)) ? 'redis://127.0.0.1:6379' : undefined);
if (redisUrl) {
  step(`Rate-limit counters on Redis (${redisUrl.replace(/\/\/[^@/]*@/, '//')})`);
  await vitest('API (Redis)', ['--project', 'api', '.redis.test.'], { TEST_REDIS_URL: redisUrl });
} else {
  console.log(
    paint('33', '▸ Redis is not reachable on 127.0.0.1:6379 and TEST_REDIS_URL is unset: skipping its tests'),
  );
}

step('End-to-end tests in headless Chromium');
if (!built) {
  console.log(paint('31', '▸ The build failed: no end-to-end tests'));
  record('end-to-end (Chromium)', false);
} else {
  const start = Date.now();
  const report = path.join(reportDir, 'e2e.json');
  // A failed test runs once more: failing twice fails the run, passing on the retry is counted and named as flaky
  // (docs/decisions/041-one-retry-for-end-to-end-tests.md).
  const code = await run(bin('playwright'), ['test', '-c', 'apps/web/playwright.config.ts', '--retries=1'], {
    env: { ...process.env, E2E_JSON_REPORT: report },
  });
  const counts = readPlaywright(report);
  record('end-to-end (Chromium)', code === 0 && counts.failed === 0 && counts.passed > 0, counts, since(start));
}

// The resilience tests (npm run test:resilience: crash safety, graceful stop, database loss, load, two
// instances behind nginx) need PostgreSQL, Redis and nginx; they run last, when all three are there.
const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const missing = [
  ...(postgresUrl ? [] : ['PostgreSQL']),
  ...(redisUrl ? [] : ['Redis']),
  ...(fs.existsSync(nginxPath) ? [] : [`nginx (${nginxPath})`]),
  ...(built ? [] : ['the build']),
];
if (missing.length === 0) {
  // The API was built for the end-to-end tests above; vitest runs the suite against apps/api/dist. Its two groups
  // (apps/api/vitest.resilience.config.ts) are two steps here, so that the summary times each: the kill -9 files two
  // at a time, then the timed ones alone (docs/decisions/066-resilience-files-side-by-side.md).
  const resilienceEnv = { TEST_DATABASE_URL: postgresUrl, TEST_REDIS_URL: redisUrl, NGINX_PATH: nginxPath };
  step('Resilience tests: kill -9 under writes, two files at a time (a few minutes)');
  const config = ['-c', 'apps/api/vitest.resilience.config.ts'];
  await vitest('resilience (kill -9)', [...config, '--project', 'resilience-crash'], resilienceEnv);
  step('Resilience tests: graceful stop, database loss, load, several instances');
  await vitest('resilience', [...config, '--project', 'resilience-timed'], resilienceEnv);
} else {
  console.log(paint('33', `▸ Skipping the resilience tests: ${missing.join(', ')} not available`));
}

if (!keepReports) fs.rmSync(reportDir, { recursive: true, force: true });

let passed = 0;
let failed = 0;
for (const r of results) {
  if (r.passed === undefined) {
    if (r.ok) passed += 1;
    else failed += 1;
    continue;
  }
  passed += r.passed;
  failed += r.failed + (!r.ok && r.failed === 0 ? 1 : 0);
}
const failedSteps = results.filter((r) => !r.ok);
const describe = (r) =>
  `${r.name} ${r.ok ? '✓' : '✗'}${r.passed !== undefined ? ` (${r.passed} passed${r.failed ? `, ${r.failed} failed` : ''}${r.flaky ? `, ${r.flaky} flaky` : ''})` : ''}`;

console.log('');
if (failedSteps.length > 0) console.log(paint('31', `Failed: ${failedSteps.map((r) => r.name).join('; ')}`));
console.log(`Summary: ${results.map(describe).join(' · ')}`);
console.log(`Times: ${results.map((r) => `${r.name} ${r.seconds ?? '-'} s`).join(' · ')}`);
console.log(`Total: ${passed} passed, ${failed} failed in ${since(started)} s`);
process.exit(failedSteps.length > 0 ? 1 : 0);
