import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // *.redis.test.ts need a Redis server: they run only when TEST_REDIS_URL is set, as `npm test` does when
    // 127.0.0.1:6379 answers (the same way the PostgreSQL run is included only when its server answers).
    exclude: [...configDefaults.exclude, ...(process.env.TEST_REDIS_URL ? [] : ['src/**/*.redis.test.ts'])],
    // One migrated database per run, copied by each test file (src/test/global-setup.ts).
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Budgets for a machine busy with other work (a test that passes takes no longer for them); a test that starts
    // processes of its own sets more (docs/decisions/061-a-faster-and-steadier-npm-test.md).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
