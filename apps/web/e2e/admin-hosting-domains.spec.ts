import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, DEMO_ADMIN, storeTokens } from './support/auth';
import { allowConsoleErrors, expect, test } from './support/fixtures';
import { giveHostingService } from './support/give-service';
import { verifyEmail } from './support/outbox';

/**
 * Hosting actions, refunds and exports of the back office end to end
 * (docs/decisions/033-hosting-and-domain-administration.md): an administrator suspends a customer's hosting with
 * a reason and activates it, refunds a bank-transfer top-up back by transfer out of the balance (decision 043),
 * and exports the searched hosting as CSV.
 */

const PASSWORD = 'a long enough password 42';

async function newCustomer(request: APIRequestContext, firstName: string) {
  const email = `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
  const response = await request.post('/api/auth/register', {
    data: { firstName, lastName: 'Tester', email, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  await verifyEmail(request, email);
  const { user } = (await response.json()) as { user: { id: string } };
  return { id: user.id, email, name: `${firstName} Tester` };
}

async function signInAsAdmin(page: Page) {
  const tokens = await apiSignIn(page.request, DEMO_ADMIN);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
  return tokens.access_token;
}

test('an administrator suspends hosting with a reason, activates it, and exports the searched hosting as CSV', async ({
  page,
}) => {
  const customer = await newCustomer(page.request, 'Hosted');
  const domain = `hosted-${randomUUID().slice(0, 8)}.example.com`;
  giveHostingService(customer.id, domain, 30);
  await signInAsAdmin(page);
  await page.goto(`/admin/hosting?q=${encodeURIComponent(domain)}`);
  const row = page.getByRole('table', { name: 'Hosting services' }).getByRole('row').filter({ hasText: domain });

  await row.getByRole('button', { name: `Suspend ${domain}` }).click();
  const dialog = page.getByRole('dialog', { name: `Suspend ${domain}` });
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog.getByText('Give a reason of 3 to 500 characters')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Abuse report #42');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${domain} was suspended.` })).toBeVisible();
  await expect(row).toContainText('Suspended: Abuse report #42');

  await row.getByRole('button', { name: `Activate ${domain}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${domain} is active again.` })).toBeVisible();
  await expect(row).toContainText('Active');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('hosting.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.trim().split(/\r\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(domain);
  expect(lines[1]).toContain(customer.email);
});

test('an administrator refunds part of a top-up back to its bank account, out of the balance', async ({ page }) => {
  // The first, too large amount is refused by the server (409) and shown beside the field.
  allowConsoleErrors(/status of 409/);
  const customer = await newCustomer(page.request, 'Refunded');
  const tokens = await apiSignIn(page.request, { email: customer.email, password: PASSWORD });
  const topUp = await page.request.post('/api/finance/top-ups', {
    headers: { authorization: `Bearer ${tokens.access_token}`, 'idempotency-key': randomUUID() },
    data: { method: 'bank_transfer', amount: '40' },
  });
  expect(topUp.status()).toBe(201);
  const paymentId = ((await topUp.json()) as { payment: { id: string } }).payment.id;
  const admin = await signInAsAdmin(page);
  const approved = await page.request.post(`/api/admin/payments/${paymentId}/approve`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(approved.status()).toBe(200);

  await page.goto(`/admin/billing?q=${encodeURIComponent(customer.email)}`);
  const row = page.getByRole('table', { name: 'Transactions' }).getByRole('row').filter({ hasText: customer.email });
  await row.getByRole('button', { name: `Actions for ${paymentId}` }).click();
  await page.getByRole('menuitem', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund $40.00 to ${customer.name}` });
  // A top-up goes back only where it came from: the dialog offers no other destination.
  await expect(dialog).toContainText('A bank transfer back to the customer');
  await expect(dialog).not.toContainText("The customer's balance");
  await dialog.getByLabel('Amount to refund').fill('50');
  await dialog.getByLabel('Reason').fill('Goodwill after an outage');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByText('The refund cannot exceed what is left unrefunded on this payment')).toBeVisible();
  await dialog.getByLabel('Amount to refund').fill('15');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: `$15.00 is to be sent back by bank transfer to ${customer.name} and was taken from the balance.`,
    }),
  ).toBeVisible();
  await expect(row).toContainText('Refunded $15.00');
  const balance = await page.request.get('/api/finance/balance', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(((await balance.json()) as { balance: { amountMinor: number } }).balance.amountMinor).toBe(2500);
});

test('an administrator adds hosting for a customer on a server with a free slot and changes its expiry', async ({
  page,
}) => {
  // The misspelt domain is refused by the server (400) and shown beside the field.
  allowConsoleErrors(/status of 400/);
  const customer = await newCustomer(page.request, 'Placed');
  const admin = await signInAsAdmin(page);
  const id = randomUUID().slice(0, 8);
  const server = await page.request.post('/api/admin/servers', {
    headers: { authorization: `Bearer ${admin}` },
    data: {
      name: `e2e-${id}.lon`,
      location: 'london',
      type: 'shared',
      ip: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      capacity: 3,
      specs: { cpuModel: 'Test CPU', cpuCores: 8, ramGb: 32, storageGb: 1000, bandwidthGbps: 1 },
    },
  });
  expect(server.status()).toBe(201);
  const serverId = ((await server.json()) as { id: string }).id;
  const domain = `placed-${id}.com`;

  await page.goto('/admin/hosting');
  await page.getByRole('button', { name: 'Add New Hosting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Hosting' });
  await dialog.getByLabel('Customer e-mail').fill(customer.email);
  await dialog.getByLabel('Plan').selectOption('business');
  await dialog.getByLabel('Billing period').selectOption('3');
  await dialog.getByLabel('Domain').fill(`shop.${domain}`);
  await expect(dialog.getByLabel('Server').locator(`option[value="${serverId}"]`)).toHaveText(
    `e2e-${id}.lon, London: 3 of 3 slots free`,
  );
  await dialog.getByLabel('Server').selectOption(serverId);
  const axe = await new AxeBuilder({ page })
    .include('dialog[open]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await dialog.getByRole('button', { name: 'Add hosting' }).click();
  await expect(dialog.getByText('Enter one name and its ending, such as example.com')).toBeVisible();
  await dialog.getByLabel('Domain').fill(domain);
  await dialog.getByRole('button', { name: 'Add hosting' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Hosting for ${domain} was added.` })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search hosting services' }).fill(domain);
  const row = page.getByRole('table', { name: 'Hosting services' }).getByRole('row').filter({ hasText: domain });
  await expect(row).toContainText('Business Plan');
  await expect(row).toContainText(`e2e-${id}.lon`);
  await expect(row).toContainText(customer.name);

  await row.getByRole('button', { name: `Edit ${domain}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${domain}` });
  await expect(edit.getByLabel('Server')).toHaveValue(serverId);
  await edit.getByLabel('Expiry date').fill('2031-03-15');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${domain} was saved.` })).toBeVisible();
  await expect(row).toContainText('Expires Mar 15, 2031');

  const audit = await page.request.get('/api/admin/audit?action=service.update', {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(audit.status()).toBe(200);
  const entries = ((await audit.json()) as { items: { before: { expiresAt: string }; after: { expiresAt: string } }[] })
    .items;
  expect(entries[0]!.after.expiresAt).toMatch(/^2031-03-15T/);
  expect(entries[0]!.before.expiresAt).not.toMatch(/^2031-03-15T/);
});
