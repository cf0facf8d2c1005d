import { defineConfig } from 'vitest/config';

// npm run test:resilience: the slow tests against the built server (apps/api/resilience/*.test.ts): crash
// safety, graceful stop, database loss, load, several instances behind nginx. They need PostgreSQL
// (TEST_DATABASE_URL, default 127.0.0.1:5432), Redis (TEST_REDIS_URL, default 127.0.0.1:6379) and nginx.
// One file at a time: each drives real processes and the CPU.
export default defineConfig({
  test: {
    name: 'resilience',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: ['resilience/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
