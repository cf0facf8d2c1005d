import { defineProject, mergeConfig } from 'vitest/config';
import { defineViteConfig } from './vite.config';

export default mergeConfig(
  defineViteConfig({ command: 'serve' }),
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      css: false,
      // Generous: the suite shares two cores with builds and browsers; speed is measured by benchmarks, not here.
      testTimeout: 20_000,
    },
  }),
);
