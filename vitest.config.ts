import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web', 'apps/agent'],
    // Vitest's default is one worker fewer than the cores: one test file at a time on a two-core machine, while
    // the API test files spend much of their time waiting for PostgreSQL, password hashing on libuv's threads and
    // the servers they start. Two at once there (docs/decisions/061-a-faster-and-steadier-npm-test.md).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
