import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_CUSTOMER } from './support/auth';
import { budgetForPages, expect, test } from './support/fixtures';
import { stopDemoServer } from './support/demo-server';
import { freePort } from './support/free-port';

const exec = promisify(execFile);

/**
 * Issue 30, what the customer gets (docs/decisions/055-web-node-agent.md), as `npm start` runs it: this file
 * starts its own server with the provisioning workers on, so the demo starts its own web node (the agent, nginx,
 * php-fpm, the machine's MariaDB) and makes the demo customer's site for mysite.com there. The customer opens
 * the site's control panel from the hosting page, creates a database, sees its password once, connects with it,
 * and deletes the database.
 */

let server: ChildProcess | undefined;
let base = '';
let dataDir = '';
let sitesPort = 0;

test.describe.configure({ mode: 'serial' });

async function signIn(request: APIRequestContext) {
  const response = await request.post(`${base}/api/auth/login`, { data: DEMO_CUSTOMER });
  expect(response.status()).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

async function openSignedIn(page: Page, request: APIRequestContext) {
  const tokens = await signIn(request);
  await page.goto(`${base}/robots.txt`);
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('auth_token', access);
      localStorage.setItem('refresh_token', refresh);
    },
    [tokens.access_token, tokens.refresh_token] as const,
  );
}

/** The demo customer's hosting service for mysite.com, once its site is made on the demo web node. */
async function madeSite(request: APIRequestContext): Promise<string> {
  const tokens = await signIn(request);
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const hosting = (await (await request.get(`${base}/api/hosting?pageSize=50`, { headers })).json()) as {
    items: { id: string; domain: string | null }[];
  };
  const site = hosting.items.find((s) => s.domain === 'mysite.com');
  expect(site, 'the demo hosting service for mysite.com').toBeTruthy();
  await expect
    .poll(async () => (await request.get(`${base}/api/hosting/${site!.id}/databases`, { headers })).status(), {
      timeout: 90_000,
      intervals: [1000],
    })
    .toBe(200);
  return site!.id;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  sitesPort = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-e2e-panel-'));
  server = spawn('node', ['apps/api/dist/server.js'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DNS_PORT: String(await freePort()),
      WEB_NODE_PORT: String(sitesPort),
      // Each server's demo node on ports of its own: several run at once in one test run.
      WEB_NODE_TLS_PORT: String(await freePort()),
      SEED_DEMO: 'true',
      PROVISIONING_ENABLED: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_IP_MAX: '1000',
      RATE_LIMIT_API_MAX: '100000',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  await stopDemoServer(server, dataDir);
});

test('the demo customer opens the control panel of mysite.com, creates a database, sees its password once, and deletes it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  budgetForPages(4);
  const serviceId = await madeSite(request);
  await openSignedIn(page, request);

  // The hosting page's card opens the service's own panel.
  await page.goto(`${base}/dashboard/hosting`);
  const card = page.getByRole('article', { name: 'mysite.com' });
  await card.getByRole('link', { name: 'Control panel mysite.com' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/services/${serviceId}/panel$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('mysite.com');
  const website = page.getByRole('region', { name: 'Website' });
  await expect(website.getByRole('link', { name: /http:\/\/mysite\.com\// })).toBeVisible();
  await expect(website.getByText('www.mysite.com')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Files' }).getByRole('link')).toHaveAttribute(
    'href',
    `/dashboard/services/${serviceId}/files`,
  );
  await expect(page.getByRole('region', { name: 'E-mail' })).toContainText('Business e-mail is not available yet');
  await expect(page.getByRole('region', { name: 'E-mail' }).getByRole('button')).toHaveCount(0);
  // The site answers through the node's nginx.
  const status = await new Promise<number>((resolve, reject) =>
    http
      .get({ host: '127.0.0.1', port: sitesPort, path: '/', headers: { host: 'mysite.com' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', reject),
  );
  expect(status).toBe(200);

  await page.getByRole('link', { name: 'Manage databases' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Databases');
  const name = `e2e${Date.now().toString(36).slice(-6)}`;
  // A name the node would refuse is refused here first.
  await page.getByLabel('Database name').fill('Bad-Name');
  await page.getByRole('button', { name: 'Create database' }).click();
  await expect(page.getByLabel('Database name')).toHaveAccessibleDescription(
    'Use 1 to 16 lower-case letters, digits or underscores (_)',
  );
  await page.getByLabel('Database name').fill(name);
  await page.getByRole('button', { name: 'Create database' }).click();

  const shown = page.getByRole('dialog', { name: 'Database created' });
  await expect(shown.getByText('It will not be shown again')).toBeVisible();
  const password = (await shown.getByTestId('database-password').textContent()) ?? '';
  expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  const facts = async (label: string) =>
    (await shown
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('+ dd')
      .textContent()) ?? '';
  const credentials = {
    host: await facts('Host'),
    port: await facts('Port'),
    database: await facts('Database'),
    user: await facts('User'),
  };
  expect(credentials.database).toMatch(new RegExp(`_${name}$`));
  expect(credentials.user).toBe(credentials.database);

  // The shown credentials open the database.
  const { stdout } = await exec(
    '/usr/bin/mariadb',
    [
      '--protocol=tcp',
      `--host=${credentials.host}`,
      `--port=${credentials.port}`,
      `--user=${credentials.user}`,
      '--batch',
      '--skip-column-names',
      credentials.database,
      '-e',
      'SELECT DATABASE();',
    ],
    { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', MYSQL_PWD: password } },
  );
  expect(stdout.trim()).toBe(credentials.database);

  // Once closed, the password is gone from the page.
  await shown.getByRole('button', { name: "I've saved it" }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(password)).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Your databases' });
  await expect(list.getByText(credentials.database).first()).toBeVisible();

  // Delete, after confirming.
  await list.getByRole('button', { name: `Delete ${credentials.database}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the database?' });
  await confirm.getByRole('button', { name: 'Delete database' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(credentials.database)).toHaveCount(0);
});

test('the panel and its databases in Russian, whole on a phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  budgetForPages(2);
  const serviceId = await madeSite(request);
  await openSignedIn(page, request);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${base}/dashboard/services/${serviceId}/panel?lng=ru`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('mysite.com');
  await expect(page.getByRole('region', { name: 'Почта' })).toContainText('Корпоративная почта пока недоступна');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('link', { name: 'Управлять базами данных' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Базы данных');
  await expect(page.getByLabel('Имя базы данных')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
