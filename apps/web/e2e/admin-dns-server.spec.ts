import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { apiSignIn, DEMO_ADMIN, storeTokens } from './support/auth';
import { expect, test } from './support/fixtures';

/**
 * A DNS server added from the back office end to end (docs/decisions/042-provisioning-engine.md,
 * docs/decisions/046-dns-on-powerdns.md): the administrator adds a server, gives it the PowerDNS driver with the
 * address and key of a real PowerDNS started for this spec, and tests the connection; the key is never shown
 * again nor sent to the browser; a wrong key fails the test and flags the server.
 */
let pdns: { apiUrl: string; apiKey: string };
let server: ChildProcess | undefined;
let dir: string;
test.beforeAll(async () => {
  // The API's own PowerDNS runner (apps/api/scripts/powerdns.ts), as a process: the web side imports no API code.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-e2e-pdns-'));
  const root = path.resolve(import.meta.dirname, '../../..');
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/scripts/powerdns.ts', dir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(server.stdout!, 'data')) as [Buffer];
  pdns = JSON.parse(line.toString()) as typeof pdns;
});
test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('the administrator adds a PowerDNS server, tests its connection, and a wrong key flags it', async ({ page }) => {
  const tokens = await apiSignIn(page.request, DEMO_ADMIN);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
  const suffix = randomUUID().slice(0, 8);
  const name = `e2e-dns-${suffix}`;

  await page.goto('/admin/servers');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Add New Server' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Server' });
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Address').fill(`ns-${suffix}.hostpilot.example`);
  await add.getByLabel('Data centre').selectOption({ label: 'Frankfurt' });
  await add.getByLabel('Type').selectOption({ label: 'Dedicated' });
  await add.getByLabel('Capacity').fill('1');
  await add.getByLabel('CPU model').fill('PowerDNS Authoritative');
  await add.getByLabel('CPU cores').fill('2');
  await add.getByLabel('RAM, GB').fill('4');
  await add.getByLabel('Storage, GB').fill('40');
  await add.getByLabel('Bandwidth, Gbit/s').fill('1');
  await add.getByRole('button', { name: 'Add server' }).click();
  await expect(main.getByRole('status').filter({ hasText: `Server ${name} added.` })).toBeVisible();

  await main.getByRole('searchbox').fill(name);
  const card = main.getByRole('article', { name });
  await expect(card).toContainText('None (not provisioned)');
  await card.getByRole('button', { name: `Driver ${name}` }).click();
  const driver = page.getByRole('dialog', { name: `Driver of ${name}` });
  await expect(driver.getByRole('button', { name: 'Test connection' })).toBeDisabled();
  await driver.getByLabel('Driver').selectOption({ label: 'PowerDNS' });
  await driver.getByLabel('API address').fill(pdns.apiUrl);
  await driver.getByLabel('Server id').fill('localhost');
  await driver
    .getByLabel('Name servers (comma separated)')
    .fill(`ns1-${suffix}.hostpilot.example, ns2-${suffix}.hostpilot.example`);
  await expect(driver.getByLabel('API key')).toHaveAccessibleDescription('Not set.');
  await driver.getByLabel('API key').fill(pdns.apiKey);
  await driver.getByRole('button', { name: 'Save' }).click();
  // Saved: the key field is emptied and says a key is set.
  await expect(driver.getByLabel('API key')).toHaveValue('');
  await expect(driver.getByLabel('API key')).toHaveAccessibleDescription(
    'Set. Leave empty to keep it; type to replace it.',
  );
  await driver.getByRole('button', { name: 'Test connection' }).click();
  await expect(driver.getByText('Connection works')).toBeVisible();
  await driver.getByRole('button', { name: 'Close' }).first().click();
  await expect(card).toContainText('PowerDNS');
  await expect(card.getByText('Connection failed')).toHaveCount(0);

  // The browser never receives the key: not in the servers list, not after a reload.
  const listed = await page.request.get(`/api/admin/servers?q=${name}&pageSize=10`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  const body = await listed.text();
  expect(body).toContain('"secretsSet":["apiKey"]');
  expect(body).not.toContain(pdns.apiKey);
  await page.reload();
  await main.getByRole('searchbox').fill(name);
  await card.getByRole('button', { name: `Driver ${name}` }).click();
  await expect(driver.getByLabel('API address')).toHaveValue(pdns.apiUrl);
  await expect(driver.getByLabel('API key')).toHaveValue('');

  // A wrong key: the test fails with PowerDNS's refusal, and the server is flagged.
  await driver.getByLabel('API key').fill(`wrong-${suffix}`);
  await driver.getByRole('button', { name: 'Save' }).click();
  await expect(driver.getByLabel('API key')).toHaveValue('');
  await driver.getByRole('button', { name: 'Test connection' }).click();
  await expect(driver.getByText('Connection failed: new orders are not placed on this server')).toBeVisible();
  await driver.getByRole('button', { name: 'Close' }).first().click();
  await expect(card.getByText('Connection failed')).toBeVisible();

  // Removed again, so the demo's servers stay as they were.
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete server' })
    .click();
  await expect(main.getByRole('status').filter({ hasText: `Server ${name} deleted.` })).toBeVisible();
});
