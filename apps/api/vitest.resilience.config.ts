import { defineConfig } from 'vitest/config';

// npm run test:resilience: the slow tests against the built server (apps/api/resilience/*.test.ts): crash
// safety, graceful stop, database loss, load, several instances behind nginx. They need PostgreSQL
// (TEST_DATABASE_URL, default 127.0.0.1:5432), Redis (TEST_REDIS_URL, default 127.0.0.1:6379) and nginx.
//
// Two groups, one after the other (docs/decisions/066-resilience-files-side-by-side.md):
// - the kill -9 files, two at a time. Each one starts, kills and restarts its own API processes one after another,
//   so it keeps about one core busy; each has its own database (a schema or a file in its own folder), free ports
//   and its own vitest worker (so killAll() reaches only its own processes), and none asserts a duration.
// - then the files that bound a time (event-loop stalls under load, 503 within a bound, the graceful stop's
//   time-out) or drive the whole machine (load, two instances behind nginx), one at a time, as before: a second
//   file beside them would measure the neighbour rather than the server.
const KILL_FILES = [
  'resilience/crash-safety.test.ts',
  'resilience/money-crash-safety.test.ts',
  'resilience/scheduler-crash.test.ts',
  'resilience/dns-crash.test.ts',
];

const shared = {
  root: new URL('.', import.meta.url).pathname,
  environment: 'node',
  testTimeout: 180_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'resilience-crash',
          include: KILL_FILES,
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'resilience-timed',
          include: ['resilience/**/*.test.ts'],
          exclude: KILL_FILES,
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
