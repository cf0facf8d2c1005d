import { apiSignIn, DEMO_ADMIN, storeTokens } from './support/auth';
import { customerWithTicket } from './support/tickets';
import { expect, test } from './support/fixtures';

/**
 * The back office's operations (docs/decisions/035-support-queue-and-operations.md): answering a ticket from the
 * support queue, the error log and a server's Monitor chart. One page per test. Maintenance mode, which every
 * other test would feel, is in maintenance.spec.ts, run after them.
 */

test('staff answer a ticket from the queue; the customer sees the answer', async ({ page }) => {
  const { tokens, ticket, subject } = await customerWithTicket(page.request);
  const admin = await apiSignIn(page.request, DEMO_ADMIN);
  await storeTokens(page, admin.access_token, admin.refresh_token);

  // The search, filters and page live in the URL (a shared link shows the same rows).
  await page.goto(`/admin/support?priority=urgent&status=open&q=${encodeURIComponent(subject)}`);
  const main = page.getByRole('main');
  await main.getByRole('link', { name: `${ticket.number}: ${subject}` }).click();
  await expect(main.getByRole('heading', { name: `${ticket.number}: ${subject}` })).toBeVisible();
  await main.getByLabel('Your answer').fill('We fixed the SPF record; please try again.');
  await main.getByRole('button', { name: 'Send answer' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'The answer was sent.' })).toBeVisible();
  await expect(main.getByText('Answered', { exact: true })).toBeVisible();

  await storeTokens(page, tokens.access_token, tokens.refresh_token);
  await page.goto(`/dashboard/support/tickets/${ticket.id}`);
  await expect(page.getByRole('main').getByText('We fixed the SPF record; please try again.')).toBeVisible();
  await expect(page.getByRole('main').getByText(/HostPilot support/)).toBeVisible();
});

test('View Error Logs lists the recorded server errors', async ({ page }) => {
  const admin = await apiSignIn(page.request, DEMO_ADMIN);
  await storeTokens(page, admin.access_token, admin.refresh_token);
  await page.goto('/admin');
  await page.getByRole('main').getByRole('link', { name: 'View Error Logs' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Error Logs' })).toBeVisible();
  await expect(main.getByText(/Showing|No server errors recorded/).first()).toBeVisible();
});

test('Monitor shows a server’s usage as a chart with its figures', async ({ page }) => {
  const admin = await apiSignIn(page.request, DEMO_ADMIN);
  await storeTokens(page, admin.access_token, admin.refresh_token);
  await page.goto('/admin/servers');
  const main = page.getByRole('main');
  await main
    .getByRole('button', { name: /^Monitor/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /^Monitor: / });
  await expect(dialog.getByRole('img', { name: /over time, in percent/ })).toBeVisible();
  await expect(dialog.locator('canvas')).toBeVisible();
  await expect(dialog.getByText(/^Latest: CPU \d+/)).toBeVisible();
  await dialog.getByLabel('Period').selectOption({ label: 'Last 7 days' });
  await dialog.getByText('Show the figures as a table').click();
  await expect(dialog.getByRole('table', { name: /Usage samples of/ }).getByRole('row')).not.toHaveCount(1);
});
