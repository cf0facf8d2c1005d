import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_CUSTOMER } from './support/auth';
import { budgetForPages, expect, test } from './support/fixtures';
import { stopDemoServer } from './support/demo-server';
import { freePort } from './support/free-port';

/**
 * Issue 30, the File Manager (docs/decisions/057-file-manager.md), as `npm start` runs it: this file starts its own
 * server with the provisioning workers on, so the demo starts its local web node (its agent, nginx and php-fpm) and
 * makes the demo customer's site for mysite.com. The customer opens the service's files from the hosting page,
 * uploads a PHP file that nginx then serves through php-fpm, edits it, and deletes it, in English and in Russian.
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

/** The demo customer's hosting service for mysite.com, once its site is on the demo's web node. */
async function mysiteService(request: APIRequestContext): Promise<string> {
  const tokens = await signIn(request);
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const hosting = (await (await request.get(`${base}/api/hosting?pageSize=50`, { headers })).json()) as {
    items: { id: string; domain: string }[];
  };
  const service = hosting.items.find((s) => s.domain === 'mysite.com');
  expect(service, 'the demo hosting service for mysite.com').toBeTruthy();
  await expect
    .poll(async () => (await request.get(`${base}/api/hosting/${service!.id}/files`, { headers })).status(), {
      timeout: 150_000,
      intervals: [1000],
    })
    .toBe(200);
  return service!.id;
}

/** A page of mysite.com as nginx on the demo's web node answers it. */
function site(pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: sitesPort, path: pathname, headers: { host: 'mysite.com' }, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  sitesPort = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-e2e-files-'));
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

const TEXT = {
  en: {
    link: 'File Manager mysite.com',
    heading: 'File Manager: mysite.com',
    upload: 'Upload files',
    uploaded: 'is uploaded.',
    actions: (name: string) => `Actions for ${name}`,
    edit: 'Edit',
    content: 'Content',
    save: 'Save',
    saved: 'saved.',
    delete: 'Delete',
    confirm: 'This cannot be undone.',
    empty: 'This folder is empty',
  },
  ru: {
    link: 'Файлы mysite.com',
    heading: 'Файловый менеджер: mysite.com',
    upload: 'Загрузить файлы',
    uploaded: 'загружен.',
    actions: (name: string) => `Действия с ${name}`,
    edit: 'Редактировать',
    content: 'Содержимое',
    save: 'Сохранить',
    saved: 'сохранён.',
    delete: 'Удалить',
    confirm: 'Отменить это будет нельзя.',
    empty: 'Папка пуста',
  },
} as const;

for (const lang of ['en', 'ru'] as const) {
  const text = TEXT[lang];
  test(`${lang}: upload a PHP file to mysite.com, see it served, edit it and delete it`, async ({ page, request }) => {
    test.setTimeout(200_000);
    budgetForPages(3);
    const serviceId = await mysiteService(request);
    const name = `hello-${lang}.php`;
    await openSignedIn(page, request);
    await page.goto(`${base}/dashboard/hosting?lng=${lang}`);
    await page.getByRole('link', { name: text.link }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/services/${serviceId}/files`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.heading);
    await expect(page.getByRole('cell', { name: 'index.html', exact: true })).toBeVisible();

    // Upload by the button: the file is listed, and nginx runs it through php-fpm as the site's own user.
    await page.getByLabel(text.upload, { exact: true }).setInputFiles({
      name,
      mimeType: 'application/x-php',
      buffer: Buffer.from('<?php echo "first ", posix_getpwuid(posix_geteuid())["name"];'),
    });
    await expect(page.getByText(`${name} ${text.uploaded}`)).toBeVisible();
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    const first = await site(`/${name}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatch(/^first hp[0-9a-f]{10}$/);

    // Edit it in the browser.
    await page.getByRole('button', { name: text.actions(name) }).click();
    await page.getByRole('menuitem', { name: text.edit }).click();
    const editor = page.getByRole('dialog');
    await expect(editor.getByLabel(text.content)).toHaveValue(/first/);
    await editor.getByLabel(text.content).fill('<?php echo "edited";');
    await editor.getByRole('button', { name: text.save }).click();
    await expect(page.getByText(`${name} ${text.saved}`)).toBeVisible();
    expect(await site(`/${name}`)).toEqual({ status: 200, body: 'edited' });

    // Delete it, after the confirmation.
    await page.getByRole('button', { name: text.actions(name) }).click();
    await page.getByRole('menuitem', { name: text.delete }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByText(text.confirm)).toBeVisible();
    await confirm.getByRole('button', { name: text.delete }).click();
    await expect(page.getByRole('cell', { name, exact: true })).toBeHidden();
    expect((await site(`/${name}`)).status).toBe(404);
  });
}

test('a phone shows the file manager whole', async ({ page, request }) => {
  test.setTimeout(200_000);
  budgetForPages(2);
  const serviceId = await mysiteService(request);
  await page.setViewportSize({ width: 360, height: 740 });
  await openSignedIn(page, request);
  await page.goto(`${base}/dashboard/services/${serviceId}/files?lng=ru`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.ru.heading);
  await expect(page.getByText('index.html', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
