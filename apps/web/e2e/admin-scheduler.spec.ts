import { SCHEDULER_JOBS } from '@hostpilot/shared';
import type { Page } from '@playwright/test';
import { apiSignIn, DEMO_ADMIN, storeTokens } from './support/auth';
import { expect, gotoInLanguage, test } from './support/fixtures';

/**
 * The lifecycle scheduler in the back office (docs/decisions/030-lifecycle-automation.md), as the demo
 * administrator: the jobs table, "Run now" updating the job's last run and outcome, in both languages, and the
 * automation settings saved and read back. The job run is Termination, off by default, so that it changes none of
 * the demo data the other specs read.
 */
async function signInAsAdmin(page: Page) {
  const tokens = await apiSignIn(page.request, DEMO_ADMIN);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
}

test('the administrator runs a job now and sees its last run update, in English and Russian', async ({ page }) => {
  await signInAsAdmin(page);
  await gotoInLanguage(page, '/admin/scheduler', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduler' })).toBeVisible();
  const jobs = page.getByRole('table', { name: 'Scheduled jobs' });
  await expect(jobs.getByRole('rowheader')).toHaveCount(SCHEDULER_JOBS.length);
  const row = jobs.getByRole('row', { name: /Termination/ });

  await row.getByRole('button', { name: 'Run “Termination” now' }).click();
  await expect(page.getByRole('status').filter({ hasText: '“Termination” finished: 0 changes.' })).toBeVisible();
  await expect(row.getByText('Succeeded')).toBeVisible();
  await expect(row.getByRole('cell').nth(0)).not.toHaveText('Never');

  await gotoInLanguage(page, '/admin/scheduler', 'ru');
  await expect(page.getByRole('heading', { level: 1, name: 'Планировщик' })).toBeVisible();
  const rowRu = page.getByRole('table', { name: 'Задачи планировщика' }).getByRole('row', { name: /Удаление/ });
  await expect(rowRu.getByText('Успешно')).toBeVisible();
  await expect(rowRu.getByRole('button', { name: 'Запустить «Удаление» сейчас' })).toBeEnabled();
});

test('the administrator changes an automation setting, sees a bad value refused, and the saved one kept', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await gotoInLanguage(page, '/admin/scheduler', 'en');
  const days = page.getByLabel('Close silent answered tickets after, days');
  await expect(days).toHaveValue('7');

  await days.fill('-3');
  await page.getByRole('button', { name: 'Save automation settings' }).click();
  await expect(days).toHaveAccessibleDescription(/whole number of days/);
  await expect(days).toHaveValue('-3');

  await days.fill('10');
  await page.getByRole('button', { name: 'Save automation settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Automation settings saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Close silent answered tickets after, days')).toHaveValue('10');

  // Back to the default, for whoever reads the settings next.
  await page.getByLabel('Close silent answered tickets after, days').fill('7');
  await page.getByRole('button', { name: 'Save automation settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Automation settings saved.' })).toBeVisible();
});
