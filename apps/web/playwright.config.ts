import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { freePort } from './e2e/support/free-port';

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built app,
 * served by the real API on a free loopback port with a fresh SQLite database.
 * The port and data folder are chosen once, here, and handed to the workers through the environment.
 */
if (!process.env.E2E_PORT) process.env.E2E_PORT = String(await freePort());
// The SMTP server admin-settings.spec.ts starts: the API allows its port, outside the mail ports, by SMTP_EXTRA_PORTS.
if (!process.env.E2E_SMTP_PORT) process.env.E2E_SMTP_PORT = String(await freePort());
// The demo's DNS server and web node of the one server (docs/decisions/055-web-node-agent.md) on free ports too, so
// that specs starting servers of their own, and other runs on the machine, never find theirs taken.
for (const name of ['E2E_DNS_PORT', 'E2E_WEB_NODE_PORT', 'E2E_WEB_NODE_TLS_PORT']) {
  if (!process.env[name]) process.env[name] = String(await freePort());
}
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-e2e-'));

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Debian Chromium's launch flags, shared with `npm run bench:web` and `scripts/screenshots.mjs`. */
const CHROMIUM_ARGS: string[] = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'e2e/support/chromium.json'), 'utf8'),
).args;

/** Specs that change the whole site for a while (settings, maintenance mode). */
const SITE_WIDE = [/admin-settings\.spec\.ts$/, /maintenance\.spec\.ts$/];

export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/e2e',
  fullyParallel: true,
  forbidOnly: true,
  // No retry here: a run by hand shows every failure. `npm test` passes --retries=1
  // (docs/decisions/041-one-retry-for-end-to-end-tests.md).
  retries: 0,
  // Two workers at least, with or without a CI variable: Playwright's default (half the cores) is one on the 2-core
  // machine CI runs on, which doubles the end-to-end step (docs/decisions/061-a-faster-and-steadier-npm-test.md).
  workers: Math.max(2, Math.floor(os.availableParallelism() / 2)),
  // Budgets for a machine busy with other work (load 12–18 on two cores): a step waits for its real condition and
  // passes the moment it holds, so a wider budget costs a passing test nothing; it only bounds how long a broken
  // one hangs (docs/decisions/061-a-faster-and-steadier-npm-test.md).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]]
    : [['list']],
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
    baseURL,
    locale: 'en-US',
    // A trace only on the retry `npm test` gives a failed test: recording one for every test (DOM snapshots and
    // screencast frames at each step) took about 14% of the suite's CPU; a first failure keeps its error, call log
    // and screenshot (docs/decisions/073-npm-test-under-budget-again.md). By hand: --trace=on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  // The site-wide settings and maintenance mode change what every other test sees on the one server, so they run
  // after all of them, one file at a time (`--no-deps` runs one of them alone).
  projects: [
    { name: 'chromium', testIgnore: SITE_WIDE, use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'site-settings',
      testMatch: /admin-settings\.spec\.ts$/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'maintenance',
      testMatch: /maintenance\.spec\.ts$/,
      dependencies: ['site-settings'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: 'node apps/api/dist/server.js',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Many sign-ups and sign-ins come from one address in a test run.
      RATE_LIMIT_REGISTER_MAX: '1000',
      RATE_LIMIT_LOGIN_IP_MAX: '1000',
      RATE_LIMIT_API_MAX: '100000',
      SMTP_EXTRA_PORTS: process.env.E2E_SMTP_PORT,
      DNS_PORT: String(process.env.E2E_DNS_PORT),
      WEB_NODE_PORT: String(process.env.E2E_WEB_NODE_PORT),
      WEB_NODE_TLS_PORT: String(process.env.E2E_WEB_NODE_TLS_PORT),
    },
  },
});
