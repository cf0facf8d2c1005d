import { randomUUID } from 'node:crypto';
import { analyzeAxe } from './support/a11y';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, DEMO_CUSTOMER, signInWithForm, storeTokens } from './support/auth';
import { registerCustomer } from './support/demo';
import { budgetForPages, expect, test } from './support/fixtures';

/**
 * Issue 14, the customer's self-service that moves no money, over the live API: DNS records of a demo domain
 * (added and deleted again, so other specs see the seed unchanged), and, on freshly registered accounts, a
 * ticket's conversation, notifications read one by one and all at once, the profile and the account's language.
 */

const PASSWORD = 'quiet river lantern 2026';

async function freshCustomer(request: APIRequestContext, firstName = 'Robin') {
  const account = {
    firstName,
    lastName: 'Fielding',
    email: `selfcare.${randomUUID()}@example.com`,
    password: PASSWORD,
  };
  await registerCustomer(request, account);
  return { account, tokens: await apiSignIn(request, account) };
}

async function expectNoAxeViolations(page: Page) {
  const results = await analyzeAxe(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test('DNS: add an MX record after a validation error, see the count change, then delete it after confirming', async ({
  page,
  request,
}) => {
  budgetForPages(3);
  const tokens = await apiSignIn(request, DEMO_CUSTOMER);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
  await page.goto('/dashboard/domains');
  const row = page.getByRole('row', { name: /myblog\.net/ });
  // On a stacked row each cell also carries its column's name: read the digits.
  const before = Number((await row.getByRole('cell').nth(2).innerText()).replace(/\D/g, ''));
  await row.getByRole('link', { name: 'Manage myblog.net' }).click();
  await expect(h1(page)).toHaveText('myblog.net');
  const records = page.getByRole('region', { name: 'DNS records' });
  await expect(records.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page);

  const host = `mx${Date.now().toString(36)}`;
  await records.getByRole('button', { name: 'Add record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a DNS record' });
  await dialog.getByLabel('Type').selectOption('MX');
  await dialog.getByLabel('Name', { exact: true }).fill(host);
  await dialog.getByLabel('Value').fill('not a host name');
  await dialog.getByLabel('Priority').fill('10');
  await dialog.getByRole('button', { name: 'Add record' }).click();
  await expect(dialog.getByLabel('Value')).toHaveAccessibleDescription('Enter a host name such as ns1.example.com');
  await expect(dialog.getByLabel('Value')).toBeFocused();
  await dialog.getByLabel('Value').fill('mail.myblog.net');
  await dialog.getByRole('button', { name: 'Add record' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `The MX ${host} record is added.` })).toBeVisible();
  const added = records.getByRole('row', { name: new RegExp(host) });
  await expect(added).toContainText('mail.myblog.net');
  await expect(added).toContainText('10');

  await page.getByRole('link', { name: 'All domains' }).click();
  await expect(
    page
      .getByRole('row', { name: /myblog\.net/ })
      .getByRole('cell')
      .nth(2),
  ).toHaveText(new RegExp(`(^|\\D)${before + 1}$`));
  await page.goBack();

  await records.getByRole('button', { name: `Delete MX ${host}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this DNS record?' });
  await expect(confirm).toContainText('mail.myblog.net');
  await confirm.getByRole('button', { name: 'Delete record' }).click();
  await expect(confirm).toBeHidden();
  await expect(records.getByRole('row', { name: new RegExp(host) })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `The MX ${host} record is deleted.` })).toBeVisible();
});

test('DNS: import a zone file, see the refused lines first, then the records added (and removed again)', async ({
  page,
  request,
}) => {
  budgetForPages(2);
  const tokens = await apiSignIn(request, DEMO_CUSTOMER);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
  await page.goto('/dashboard/domains');
  await page.getByRole('link', { name: 'Manage mysite.com' }).click();
  await expect(h1(page)).toHaveText('mysite.com');
  const records = page.getByRole('region', { name: 'DNS records' });
  await records.getByRole('button', { name: 'Import zone file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a zone file' });
  const host = `imp${Date.now().toString(36)}`;
  await dialog
    .getByLabel('Zone file')
    .fill(`$ORIGIN mysite.com.\n$TTL 600\n${host} IN A 192.0.2.300\n@ IN CNAME elsewhere.example.net.`);
  await dialog.getByRole('button', { name: 'Import records' }).click();
  const report = dialog.getByRole('alert');
  await expect(report).toContainText('2 lines cannot be imported; nothing was imported');
  await expect(report).toContainText('Line 3');
  await expect(report).toContainText('Enter an IPv4 address such as 192.0.2.10');
  await expect(report).toContainText('The domain itself (@) cannot be a CNAME; use A or AAAA records');
  await expectNoAxeViolations(page);

  await dialog
    .getByLabel('Zone file')
    .fill(`$ORIGIN mysite.com.\n$TTL 600\n${host} IN A 192.0.2.30\n${host} IN TXT "imported; with a semicolon"`);
  await dialog.getByRole('button', { name: 'Import records' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '2 records are imported.' })).toBeVisible();
  await expect(records.getByRole('row', { name: new RegExp(`A ${host}`) }).first()).toContainText('192.0.2.30');
  await expect(
    records.getByRole('row', { name: new RegExp(host) }).filter({ hasText: 'with a semicolon' }),
  ).toHaveCount(1);

  // Leave the demo seed as it was for the other specs.
  const headers = { Authorization: `Bearer ${tokens.access_token}` };
  const domains = await (await request.get('/api/domains', { headers })).json();
  const id = domains.items.find((d: { name: string }) => d.name === 'mysite.com').id;
  const list = await (await request.get(`/api/domains/${id}/dns-records`, { headers })).json();
  for (const record of list.items.filter((r: { name: string }) => r.name === host)) {
    expect((await request.delete(`/api/domains/${id}/dns-records/${record.id}`, { headers })).status()).toBe(204);
  }
});

test('support: open a ticket, reply in its conversation, then close it', async ({ page, request }) => {
  budgetForPages(2);
  const { tokens } = await freshCustomer(request);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
  await page.goto('/dashboard/support');
  await page.getByRole('button', { name: 'Create Ticket' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create a ticket' });
  await dialog.getByLabel('Department').selectOption('billing');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByLabel('Subject').fill('Invoice address is wrong');
  await expect(dialog.getByLabel('Subject')).toHaveAccessibleDescription('24 of 150 characters');
  await dialog.getByLabel('Message').fill('My company name on the last invoice is misspelled.');
  await dialog.getByRole('button', { name: 'Create ticket' }).click();

  await expect(page).toHaveURL(/\/dashboard\/support\/tickets\/[^/]+$/);
  await expect(h1(page)).toHaveText('Invoice address is wrong');
  await expect(page.getByText(/^TCK-\d+ · Billing · High priority$/)).toBeVisible();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page);

  await page.getByLabel('Your reply').fill('It should read Fielding & Sons Ltd.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(conversation.getByRole('listitem')).toHaveCount(2);
  await expect(conversation.getByRole('listitem').last()).toContainText('It should read Fielding & Sons Ltd.');
  await expect(page.getByLabel('Your reply')).toHaveValue('');

  await page.getByRole('button', { name: 'Close ticket' }).click();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  await expect(page.getByText('This ticket is closed')).toBeVisible();
  await expect(page.getByLabel('Your reply')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reopen ticket' })).toBeVisible();

  await page.getByRole('link', { name: 'All tickets' }).click();
  await expect(page.getByRole('row', { name: /Invoice address is wrong/ })).toContainText('Closed');
});

test('notifications: mark one read, then all, and the header count follows', async ({ page, request }) => {
  budgetForPages(2);
  const { tokens } = await freshCustomer(request);
  // Two card payments, one declined, each notify the account (the test card runs in demo mode).
  for (const cardNumber of ['4242 4242 4242 4242', '4000 0000 0000 0002']) {
    const response = await request.post('/api/finance/top-ups', {
      headers: { authorization: `Bearer ${tokens.access_token}`, 'idempotency-key': randomUUID() },
      data: { method: 'test_card', amount: '20.00', cardNumber },
    });
    // The declined card answers PAYMENT_DECLINED; both payments are stored and notified.
    expect(response.status(), await response.text()).toBeLessThan(500);
  }
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
  await page.goto('/dashboard/notifications');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
  const list = page.getByRole('region', { name: 'All notifications' });
  await expect(list.locator('li[data-unread="true"]')).toHaveCount(2);

  await list
    .getByRole('button', { name: /^Mark as read/ })
    .first()
    .click();
  await expect(nav.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(list.locator('li[data-unread="true"]')).toHaveCount(1);

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(list.locator('li[data-unread="true"]')).toHaveCount(0);
  await expect(page.getByText('0 unread notifications')).toBeVisible();
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
});

test('settings: a new first name shows in the sidebar, also after a reload; the chosen language follows the account to another device', async ({
  page,
  request,
  browser,
}) => {
  budgetForPages(4);
  const { account, tokens } = await freshCustomer(request, 'Robin');
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
  await page.goto('/dashboard/settings');
  const block = page.getByRole('region', { name: 'Signed in as' });
  await expect(block).toContainText('Robin Fielding');
  await page.getByLabel('First name').fill('Morgan');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await expect(block).toContainText('Morgan Fielding');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Signed in as' })).toContainText('Morgan Fielding');

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/users/me/preferences') && response.request().method() === 'PATCH',
  );
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(h1(page)).toHaveText('Настройки');
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('combobox', { name: 'Язык' })).toHaveValue('ru');

  // Another device, in English: signing in brings the account's Russian.
  const other = await browser.newContext({ locale: 'en-US' });
  try {
    const device = await other.newPage();
    await device.goto('/login');
    await signInWithForm(device, account);
    await expect(device).toHaveURL(/\/dashboard$/);
    await expect(device.getByRole('navigation', { name: 'Личный кабинет' })).toBeVisible();
    await expect(device.locator('html')).toHaveAttribute('lang', 'ru');
  } finally {
    await other.close();
  }
});
