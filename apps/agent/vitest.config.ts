import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'agent',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The site tests start real nginx, php-fpm and MariaDB work; one file at a time keeps them apart.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
