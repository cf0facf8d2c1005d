import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { apiSignIn, DEMO_CUSTOMER, storeTokens } from './support/auth';
import { expect, gotoInLanguage, test } from './support/fixtures';

/**
 * Issue 14's documents from the finance page: an invoice's PDF and a statement of the ledger as CSV, downloaded
 * as a customer does, in the page's language (docs/decisions/026-invoice-and-statement-documents.md). What the
 * PDF says is read with pdf.js in the API's tests; here the browser gets the file under its number.
 */
test.beforeEach(async ({ page, request }) => {
  const tokens = await apiSignIn(request, DEMO_CUSTOMER);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('downloads an invoice as a PDF named by its number', async ({ page }) => {
  await page.goto('/dashboard/finance');
  const invoices = page.getByRole('table', { name: 'Invoices' });
  const number = (await invoices.getByRole('rowheader').first().textContent())!.trim();
  const downloading = page.waitForEvent('download');
  await invoices.getByRole('button', { name: `Download ${number}` }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = fs.readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(5_000);
});

for (const [lang, expected] of [
  [
    'en',
    {
      button: 'Download statement',
      dialog: 'Download statement',
      submit: 'Download CSV',
      from: 'From',
      to: 'To',
      delimiter: ',',
      header: 'Date (UTC)',
      opening: 'Opening balance',
    },
  ],
  [
    'ru',
    {
      button: 'Скачать выписку',
      dialog: 'Выписка по счёту',
      submit: 'Скачать CSV',
      from: 'С',
      to: 'По',
      delimiter: ';',
      header: 'Дата (UTC)',
      opening: 'Входящий остаток',
    },
  ],
] as const) {
  test(`downloads a statement of a chosen period as CSV, in ${lang}`, async ({ page }) => {
    await gotoInLanguage(page, '/dashboard/finance', lang);
    await page.getByRole('button', { name: expected.button }).click();
    const dialog = page.getByRole('dialog', { name: expected.dialog });
    await dialog.getByLabel(expected.from, { exact: true }).fill(day(-90));
    await dialog.getByLabel(expected.to, { exact: true }).fill(day(0));
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: expected.submit }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(new RegExp(`-${day(-90)}-${day(0)}\\.csv$`));
    const bytes = fs.readFileSync((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.subarray(3).toString('utf8'), { delimiter: expected.delimiter }) as string[][];
    expect(rows[0]![0]).toBe(expected.header);
    expect(rows[1]![2]).toBe(expected.opening);
    // The demo customer's completed top-up and paid invoices of the last 90 days are on it.
    expect(rows.length).toBeGreaterThan(4);
    await expect(dialog).toBeHidden();
  });
}

test('refuses a statement whose end is before its start, under the end date, and downloads nothing', async ({
  page,
}) => {
  await page.goto('/dashboard/finance');
  await page.getByRole('button', { name: 'Download statement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download statement' });
  await dialog.getByLabel('From', { exact: true }).fill(day(0));
  await dialog.getByLabel('To', { exact: true }).fill(day(-3));
  let downloaded = false;
  page.on('download', () => {
    downloaded = true;
  });
  await dialog.getByRole('button', { name: 'Download CSV' }).click();
  const to = dialog.getByLabel('To', { exact: true });
  await expect(to).toHaveAccessibleDescription(/The end date must not be before the start date/);
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  expect(downloaded).toBe(false);
});
