import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, DEMO_ADMIN, signInWithForm, storeTokens } from './support/auth';
import { allowConsoleErrors, appReady, expect, test } from './support/fixtures';

/**
 * Back-office actions end to end (docs/decisions/027-back-office-actions-and-audit.md): an administrator
 * suspends and activates a customer who just registered, the customer's sign-in is refused meanwhile, and the
 * audit log shows both; a support-role account sees the support queue but no billing at all.
 */

const PASSWORD = 'a long enough password 42';

/** Registers a customer through the API; answers its id and e-mail. */
async function newCustomer(request: APIRequestContext, firstName: string) {
  const email = `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
  const response = await request.post('/api/auth/register', {
    data: { firstName, lastName: 'Tester', email, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  return { id: user.id, email, name: `${firstName} Tester` };
}

async function signInAs(page: Page, account: { email: string; password: string }) {
  const tokens = await apiSignIn(page.request, account);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
}

test('an administrator suspends a new customer, whose sign-in is refused, then activates them; the audit log shows both', async ({
  page,
  browser,
}) => {
  const customer = await newCustomer(page.request, 'Suspendee');
  await signInAs(page, DEMO_ADMIN);
  await page.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`);
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: customer.email });
  await row.getByRole('button', { name: `Actions for ${customer.name}` }).click();
  await page.getByRole('menuitem', { name: 'Suspend' }).click();
  const suspend = page.getByRole('dialog', { name: `Suspend ${customer.name}?` });
  await suspend.getByRole('textbox', { name: 'Reason' }).fill('Chargeback under review');
  await suspend.getByRole('button', { name: 'Suspend account' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `${customer.name} is suspended: the account cannot sign in and its sessions have ended.`,
  );
  await expect(row).toContainText('Suspended');

  // The customer, in a browser of their own, is told why they cannot sign in.
  const other = await browser.newContext();
  const customerPage = await other.newPage();
  customerPage.on('console', () => undefined);
  await customerPage.goto('/login');
  await appReady(customerPage);
  await signInWithForm(customerPage, { email: customer.email, password: PASSWORD });
  await expect(customerPage.getByRole('alert')).toContainText(
    'This account is suspended. Contact support to restore access.',
  );
  await expect(customerPage).toHaveURL(/\/login$/);

  await row.getByRole('button', { name: `Actions for ${customer.name}` }).click();
  await page.getByRole('menuitem', { name: 'Activate' }).click();
  await page
    .getByRole('dialog', { name: `Activate ${customer.name}?` })
    .getByRole('button', { name: 'Activate account' })
    .click();
  await expect(page.getByRole('status')).toHaveText(`${customer.name} is active again.`);
  await signInWithForm(customerPage, { email: customer.email, password: PASSWORD });
  await expect(customerPage).toHaveURL(/\/dashboard/);
  await other.close();

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  const entries = page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: customer.email });
  for (const action of ['Account suspended', 'Account activated']) {
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: action });
    await expect(entries.filter({ hasText: action })).toHaveCount(1);
    await expect(entries.filter({ hasText: action })).toContainText(DEMO_ADMIN.email);
  }
  // The record is named and linked, the reason kept (decision 048).
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Account suspended' });
  await expect(entries.getByRole('link', { name: customer.name })).toHaveAttribute(
    'href',
    `/admin/users?q=${encodeURIComponent(customer.email)}`,
  );
  await expect(entries).toContainText('reason: Chargeback under review');
});

test('a support-role account sees the support queue but no billing', async ({ page }) => {
  allowConsoleErrors(/status of 403/);
  const staff = await newCustomer(page.request, 'Supporter');
  const admin = await apiSignIn(page.request, DEMO_ADMIN);
  const promoted = await page.request.patch(`/api/admin/users/${staff.id}`, {
    headers: { authorization: `Bearer ${admin.access_token}` },
    data: { firstName: 'Supporter', lastName: 'Tester', email: staff.email, role: 2, status: 'active' },
  });
  expect(promoted.status()).toBe(200);

  await signInAs(page, { email: staff.email, password: PASSWORD });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Support Queue' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Administration' });
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Billing' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);

  await page.goto('/admin/users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Edit|Suspend|Delete|Balance|Actions for) / })).toHaveCount(0);

  await page.goto('/admin/billing');
  await expect(page.getByRole('alert')).toContainText("You don't have access to this.");
  await expect(page.getByRole('button', { name: /^(Approve|Decline|Actions for) / })).toHaveCount(0);
});
