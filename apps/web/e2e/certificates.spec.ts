import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_CUSTOMER } from './support/auth';
import { allowConsoleErrors, budgetForPages, expect, test } from './support/fixtures';
import { stopDemoServer } from './support/demo-server';
import { freePort } from './support/free-port';

/**
 * Issue 29, certificates issued for real (docs/decisions/049-certificates-through-acme.md), as `npm start` runs
 * them: this file starts its own server with the provisioning workers on, so the demo starts its own PowerDNS and
 * Pebble and issues the demo customer's certificate for mysite.com. The customer reads it, downloads it with its
 * chain and, after the password, its key, and reissues it with an RSA key, in English and in Russian; the
 * back office lists it.
 */

let server: ChildProcess | undefined;
let base = '';
let dataDir = '';

test.describe.configure({ mode: 'serial' });

async function signIn(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post(`${base}/api/auth/login`, { data: account });
  expect(response.status()).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

async function openSignedIn(page: Page, request: APIRequestContext, account: { email: string; password: string }) {
  const tokens = await signIn(request, account);
  await page.goto(`${base}/robots.txt`);
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('auth_token', access);
      localStorage.setItem('refresh_token', refresh);
    },
    [tokens.access_token, tokens.refresh_token] as const,
  );
  return tokens;
}

/** The demo customer's SSL service for mysite.com, once its certificate is issued. */
async function issuedSslService(request: APIRequestContext): Promise<string> {
  const tokens = await signIn(request, DEMO_CUSTOMER);
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const services = (await (await request.get(`${base}/api/services?pageSize=50`, { headers })).json()) as {
    items: { id: string; planId?: string; domain: string | null; kind?: string; name: string }[];
  };
  const ssl = services.items.find((s) => s.domain === 'mysite.com');
  expect(ssl, 'the demo SSL service').toBeTruthy();
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${base}/api/services/${ssl!.id}/certificate`, { headers });
        return answer.ok() ? ((await answer.json()) as { status: string }).status : String(answer.status());
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe('issued');
  return ssl!.id;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-e2e-certs-'));
  server = spawn('node', ['apps/api/dist/server.js'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DNS_PORT: String(await freePort()),
      // Each server's demo node on ports of its own: several run at once in one test run.
      WEB_NODE_PORT: String(await freePort()),
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
    link: 'Certificate',
    heading: 'SSL certificate for mysite.com',
    issued: 'Issued',
    daysLeft: /\d+ days left/,
    download: 'Download certificate (PEM with chain)',
    key: 'Download private key',
    keyDialog: 'Download the private key',
    password: 'Your password',
    submitKey: 'Download key',
    wrongPassword: 'The current password is not right',
    reissue: 'Reissue',
    reissueDialog: 'Reissue the certificate',
    rsa: 'RSA 2048',
    reissued: 'A new certificate has been requested',
  },
  ru: {
    link: 'Сертификат',
    heading: 'SSL-сертификат для mysite.com',
    issued: 'Выпущен',
    daysLeft: /(Остался|Осталось) \d+ (день|дня|дней)/,
    download: 'Скачать сертификат (PEM с цепочкой)',
    key: 'Скачать закрытый ключ',
    keyDialog: 'Скачать закрытый ключ',
    password: 'Ваш пароль',
    submitKey: 'Скачать ключ',
    wrongPassword: 'Текущий пароль введён неверно',
    reissue: 'Перевыпустить',
    reissueDialog: 'Перевыпустить сертификат',
    rsa: 'RSA 2048',
    reissued: 'Новый сертификат запрошен',
  },
} as const;

for (const lang of ['en', 'ru'] as const) {
  const text = TEXT[lang];
  test(`${lang}: the demo customer's certificate for mysite.com, its downloads and a reissue with RSA`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    budgetForPages(3);
    // A wrong password answers 400, which the browser logs for the request.
    allowConsoleErrors(/status of 400/);
    const serviceId = await issuedSslService(request);
    await openSignedIn(page, request, DEMO_CUSTOMER);
    await page.goto(`${base}/dashboard/services?lng=${lang}`);
    await page.getByRole('link', { name: `${text.link} SSL certificate` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/services/${serviceId}/certificate`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.heading);
    await expect(page.getByText(text.issued, { exact: true })).toBeVisible();
    await expect(page.getByText(text.daysLeft)).toBeVisible();
    await expect(page.getByText(/^Pebble Intermediate CA/)).toBeVisible();
    await expect(page.getByText('www.mysite.com', { exact: true })).toBeVisible();

    // The certificate with its chain: the leaf and Pebble's intermediate.
    const [pem] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: text.download }).click(),
    ]);
    const chain = fs.readFileSync((await pem.path())!, 'utf8');
    expect(chain.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);

    // The key, after the password.
    await page.getByRole('button', { name: text.key }).click();
    const dialog = page.getByRole('dialog', { name: text.keyDialog });
    if (text.wrongPassword) {
      await dialog.getByLabel(text.password).fill('not my password');
      await dialog.getByRole('button', { name: text.submitKey }).click();
      await expect(dialog.getByLabel(text.password)).toHaveAccessibleDescription(text.wrongPassword);
    }
    await dialog.getByLabel(text.password).fill(DEMO_CUSTOMER.password);
    const [key] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: text.submitKey }).click(),
    ]);
    expect(fs.readFileSync((await key.path())!, 'utf8')).toContain('PRIVATE KEY');
    await expect(dialog).toBeHidden();

    // Reissue with an RSA key: the page follows it to the new certificate.
    await page.getByRole('button', { name: text.reissue, exact: true }).click();
    const reissue = page.getByRole('dialog', { name: text.reissueDialog });
    await reissue.getByLabel(text.rsa).check();
    await reissue.getByRole('button', { name: text.reissue, exact: true }).click();
    await expect(reissue.getByText(text.reissued)).toBeVisible();
    await reissue.getByRole('button').last().click();
    await expect(page.getByText(text.rsa, { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(text.issued, { exact: true })).toBeVisible({ timeout: 60_000 });
  });
}

test('the back office lists the certificates with issuer and expiry, and a phone shows the page whole', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  budgetForPages(2);
  const serviceId = await issuedSslService(request);
  await openSignedIn(page, request, DEMO_ADMIN);
  await page.goto(`${base}/admin/certificates?q=mysite.com`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Certificates');
  const table = page.getByRole('table', { name: 'Certificates' });
  await expect(table.getByRole('row', { name: /mysite\.com.*SSL certificate/ }).first()).toBeVisible();
  await expect(table.getByText(/^Pebble Intermediate CA/).first()).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  await openSignedIn(page, request, DEMO_CUSTOMER);
  await page.goto(`${base}/dashboard/services/${serviceId}/certificate?lng=ru`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('SSL-сертификат для mysite.com');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
