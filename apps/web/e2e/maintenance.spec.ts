import type { APIRequestContext } from '@playwright/test';
import { apiSignIn, DEMO_ADMIN, storeTokens } from './support/auth';
import { allowConsoleErrors, expect, test } from './support/fixtures';
import { customerWithTicket } from './support/tickets';

/**
 * Maintenance mode (docs/decisions/035-support-queue-and-operations.md) refuses every customer change on the one
 * end-to-end server, so this file runs in a project of its own after all the others (apps/web/playwright.config.ts).
 */

async function setMaintenance(request: APIRequestContext, enabled: boolean) {
  const admin = await apiSignIn(request, DEMO_ADMIN);
  const response = await request.put('/api/admin/maintenance', {
    headers: { authorization: `Bearer ${admin.access_token}` },
    data: { enabled },
  });
  expect(response.status()).toBe(200);
}

test('maintenance mode: a banner, a customer change refused in words, then off', async ({ page }) => {
  allowConsoleErrors(/503/);
  const { tokens, ticket } = await customerWithTicket(page.request);
  const admin = await apiSignIn(page.request, DEMO_ADMIN);
  await storeTokens(page, admin.access_token, admin.refresh_token);
  try {
    await page.goto('/admin');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'System Maintenance' }).click();
    const dialog = page.getByRole('dialog', { name: 'System Maintenance' });
    await dialog.getByRole('switch', { name: 'Maintenance mode' }).click();
    await dialog.getByLabel('Message in the banner (optional)').fill('Back by 18:00 UTC');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'Maintenance mode is on.' })).toBeVisible();
    await expect(main.getByRole('status', { name: 'Maintenance notice' })).toContainText('Back by 18:00 UTC');

    await storeTokens(page, tokens.access_token, tokens.refresh_token);
    await page.goto(`/dashboard/support/tickets/${ticket.id}?lng=ru`);
    const customerMain = page.getByRole('main');
    await expect(customerMain.getByRole('status', { name: 'Уведомление о технических работах' })).toBeVisible();
    await customerMain.getByRole('button', { name: 'Закрыть обращение' }).click();
    await expect(
      customerMain.getByText('Идут технические работы: изменения приостановлены до их окончания.', { exact: false }),
    ).toBeVisible();
  } finally {
    await setMaintenance(page.request, false);
  }
  await page.reload();
  await expect(page.getByRole('status', { name: 'Уведомление о технических работах' })).toHaveCount(0);
});
