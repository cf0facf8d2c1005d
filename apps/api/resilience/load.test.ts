import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { flowEnv, readEventLoopReport, runSignInFlow } from '../bench/sign-in-flow';
import { apiOutputs, killAll, newSecret, postJson, ROOT, sleep, startApi, tempDir } from './support';

/**
 * 50 concurrent clients register, sign in, refresh and read /api/users/me for LOAD_DURATION seconds (30) on
 * loopback: no 5xx, no failed or timed-out request, every acknowledged account stored and able to sign in,
 * and the event loop never blocked for long (argon2id runs on libuv's thread pool, not the main thread).
 */

const DURATION = Number(process.env.LOAD_DURATION ?? 30);
const CONNECTIONS = 50;
// How long the event loop may stall. That argon2id runs off the main thread is proved exactly by
// src/lib/password.test.ts; here the bounds are generous enough for a shared, busy CI machine (where the
// process simply waits for a CPU), yet far below what hashing on the main thread costs under this load:
// every one of ~50 queued sign-ins would wait for all the hashes before it (seconds).
const MAX_STALL_MS = Number(process.env.LOAD_MAX_STALL_MS ?? 2000);
const P99_STALL_MS = Number(process.env.LOAD_P99_STALL_MS ?? 500);
const MONITOR = path.join(ROOT, 'apps/api/bench/event-loop-monitor.mjs');

const dirs: string[] = [];
afterEach((context) => {
  if (context.task.result?.state === 'fail') console.error(apiOutputs());
  killAll();
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe(`load: ${CONNECTIONS} clients for ${DURATION} s`, () => {
  it(
    'serves the sign-in flow without a 5xx, a lost account or a blocked event loop',
    { timeout: 300_000 },
    async () => {
      const dataDir = tempDir('load');
      dirs.push(dataDir);
      const report = path.join(dataDir, 'event-loop.json');
      const api = await startApi(
        { ...flowEnv, DATA_DIR: dataDir, JWT_SECRET: newSecret(), EVENT_LOOP_REPORT: report },
        { nodeArgs: ['--import', MONITOR] },
      );
      // Measure the event loop from here on, not during start-up.
      api.kill('SIGWINCH');
      await sleep(100);

      const result = await runSignInFlow({ url: api.url, connections: CONNECTIONS, duration: DURATION, label: 'load' });
      await sleep(600);
      const loop = readEventLoopReport(report);
      console.warn(
        `load: ${result.requests} requests (${result.requestsPerSecond}/s), ${result.registered.length} accounts, ` +
          `latency p50 ${result.latencyMs.p50} ms p99 ${result.latencyMs.p99} ms; event loop max ${loop.maxMs} ms ` +
          `p99 ${loop.p99Ms} ms; statuses ${JSON.stringify(result.statusCodes)}`,
      );

      expect(result.serverErrors).toBe(0);
      expect(result.unexpected).toEqual({});
      expect(result.errors, result.errorSamples.join('; ')).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.registered.length).toBeGreaterThan(0);
      expect(loop.samples).toBeGreaterThan(0);
      expect(loop.maxMs).toBeLessThan(MAX_STALL_MS);
      expect(loop.p99Ms).toBeLessThan(P99_STALL_MS);

      // No account lost: every acknowledged registration is stored, once, and a sample of them can sign in.
      const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
      try {
        const stored = new Set(
          (db.prepare("select email from users where email like 'load-%'").all() as { email: string }[]).map(
            (row) => row.email,
          ),
        );
        expect(result.registered.filter((email) => !stored.has(email))).toEqual([]);
      } finally {
        db.close();
      }
      for (const email of result.registered.filter((_, i) => i % Math.ceil(result.registered.length / 5) === 0)) {
        const login = await postJson(`${api.url}/api/auth/login`, { email, password: 'correct horse battery' });
        expect(login.status, email).toBe(200);
      }
      expect(api.child.exitCode).toBeNull();
    },
  );
});
