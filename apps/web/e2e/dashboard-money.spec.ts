import { randomUUID } from 'node:crypto';
import { addMonths, findServicePlan, toCents } from '@hostpilot/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { apiSignIn, storeTokens } from './support/auth';
import { dateText, moneyText, registerCustomer } from './support/demo';
import { allowConsoleErrors, expect, test } from './support/fixtures';
import { giveHostingService } from './support/give-service';

/**
 * Issue 14's money flows as a customer goes through them (docs/decisions/022-money-transactions.md): add funds
 * with the demo test card, a declined card, a hosting renewal paid from the balance, and the invoice it wrote;
 * and a plan change (docs/decisions/037-plan-changes.md).
 * Each test registers its own customer, so the demo customer's balance and invoices stay as other specs expect.
 */

const STARTER_CENTS = toCents(findServicePlan('hosting', 'starter')!.price);
const BUSINESS_CENTS = toCents(findServicePlan('hosting', 'business')!.price);

/** A new customer, signed in in `page`; returns the API's tokens and the account's id. */
async function newCustomer(page: Page, request: APIRequestContext) {
  const account = {
    firstName: 'Mona',
    lastName: 'Payne',
    email: `money-${randomUUID()}@example.com`,
    password: 'correct-horse-battery-9',
  };
  await registerCustomer(request, account);
  const tokens = await apiSignIn(request, account);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
  const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${tokens.access_token}` } });
  const { id } = (await me.json()) as { id: string };
  return { token: tokens.access_token, id };
}

test('adds funds with the test card; the declined card says so and moves nothing', async ({ page, request }) => {
  // The browser logs the declined card's answer (402) as a failed resource.
  allowConsoleErrors(/status of 402/);
  await newCustomer(page, request);
  await page.goto('/dashboard/finance');
  const balance = page.getByRole('region', { name: 'Account balance' });
  await expect(balance).toContainText(moneyText('en', 0));

  await balance.getByRole('button', { name: 'Add Funds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add funds' });
  await dialog.getByRole('textbox', { name: 'Amount, USD' }).fill('40.50');
  await dialog.getByRole('radio', { name: /Test card/ }).check();
  const card = dialog.getByRole('textbox', { name: 'Card number' });
  await card.fill('4000 0000 0000 0002');
  await dialog.getByRole('button', { name: 'Add funds' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The payment was declined');
  await expectNoAxeViolations(page, 'the Add funds dialog with its error');
  await expect(balance).toContainText(moneyText('en', 0));

  await card.fill('4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Add funds' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    `${moneyText('en', 4050)} was added. Your balance is now ${moneyText('en', 4050)}.`,
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(balance).toContainText(moneyText('en', 4050));
  // The payment history shows the credit and the declined attempt.
  const transactions = page.getByRole('table', { name: 'Transactions' });
  await expect(transactions.getByRole('row', { name: /Balance top-up/ })).toHaveCount(2);
  await expect(transactions).toContainText(`+${moneyText('en', 4050)}`);
});

test('renews a hosting service from the balance: expiry, balance and invoice change; the invoice has its page', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(page, request);
  const { expiresAt } = giveHostingService(customer.id, 'money-shop.example', 12);
  const topUp = await request.post('/api/finance/top-ups', {
    headers: { authorization: `Bearer ${customer.token}`, 'idempotency-key': randomUUID() },
    data: { method: 'test_card', amount: '100', cardNumber: '4242424242424242' },
  });
  expect(topUp.status()).toBe(201);

  await page.goto('/dashboard/hosting');
  const service = page.getByRole('article', { name: 'money-shop.example' });
  await expect(service).toContainText(`Expires ${dateText('en', expiresAt)}`);
  await service.getByRole('button', { name: 'Renew money-shop.example' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renew' });
  await dialog.getByRole('combobox', { name: 'Renew for' }).selectOption('3');
  await expectNoAxeViolations(page, 'the Renew dialog');
  await dialog.getByRole('button', { name: `Pay ${moneyText('en', 3 * STARTER_CENTS)} from balance` }).click();
  const renewed = addMonths(expiresAt, 3);
  const balanceAfter = 10_000 - 3 * STARTER_CENTS;
  await expect(dialog.getByRole('status')).toContainText(
    `Paid until ${dateText('en', renewed)}. ${moneyText('en', 3 * STARTER_CENTS)} was taken from your balance, ` +
      `which is now ${moneyText('en', balanceAfter)}.`,
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(service).toContainText(`Expires ${dateText('en', renewed)}`);

  await page.goto('/dashboard/finance');
  await expect(page.getByRole('region', { name: 'Account balance' })).toContainText(moneyText('en', balanceAfter));
  const invoices = page.getByRole('table', { name: 'Invoices' });
  const paid = invoices.getByRole('row').filter({ hasText: moneyText('en', 3 * STARTER_CENTS) });
  await expect(paid).toContainText('Paid');
  const number = (await paid.getByRole('rowheader').textContent())!.trim();

  await paid.getByRole('link', { name: `View ${number}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/finance\/invoices\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${number}`);
  await expect(page.getByRole('region', { name: 'Bill to' })).toContainText('Mona Payne');
  await expect(page.getByRole('row', { name: /Hosting renewal: money-shop\.example/ })).toContainText('3');
  await expect(page.getByText(moneyText('en', 3 * STARTER_CENTS)).last()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await expectNoAxeViolations(page, 'the invoice page');
});

test('changes a hosting plan: an upgrade paid now for the days left, then a downgrade scheduled and kept back', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(page, request);
  // Twelve and a half days left: twelve whole days, however long the test runs.
  const { expiresAt } = giveHostingService(customer.id, 'plan-shop.example', 12.5);
  const topUp = await request.post('/api/finance/top-ups', {
    headers: { authorization: `Bearer ${customer.token}`, 'idempotency-key': randomUUID() },
    data: { method: 'test_card', amount: '20', cardNumber: '4242424242424242' },
  });
  expect(topUp.status()).toBe(201);
  // docs/decisions/037-plan-changes.md: floor((business − starter) × whole days left ÷ days in the paid month).
  const periodDays = Math.round((expiresAt - addMonths(expiresAt, -1)) / (24 * 60 * 60 * 1000));
  const upgradeCents = Math.floor(((BUSINESS_CENTS - STARTER_CENTS) * 12) / periodDays);

  await page.goto('/dashboard/hosting');
  const service = page.getByRole('article', { name: 'plan-shop.example' });
  await expect(service).toContainText('Starter plan');
  await service.getByRole('button', { name: 'Manage plan-shop.example' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage plan-shop.example' });
  const business = dialog.getByRole('radio', { name: /^Business/ });
  await expect(business).toBeChecked();
  await expect(business).toHaveAccessibleDescription(
    `Upgrade now: pay ${moneyText('en', upgradeCents)} for the remaining 12 days`,
  );
  await expectNoAxeViolations(page, 'the Manage dialog');
  await dialog.getByRole('button', { name: `Pay ${moneyText('en', upgradeCents)} and upgrade` }).click();
  const balanceAfter = 2000 - upgradeCents;
  await expect(dialog.getByRole('status')).toContainText(
    `plan-shop.example is on the Business plan now. ${moneyText('en', upgradeCents)} was taken from your balance, ` +
      `which is now ${moneyText('en', balanceAfter)}.`,
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(service).toContainText('Business plan');

  // A downgrade waits for the renewal, chosen with the keyboard, and can be taken back from the card.
  await service.getByRole('button', { name: 'Manage plan-shop.example' }).click();
  await expect(dialog.getByRole('radio', { name: /^Enterprise/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /^Enterprise/ }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(dialog.getByRole('radio', { name: /^Starter/ })).toBeChecked();
  const date = dateText('en', expiresAt);
  await dialog.getByRole('button', { name: `Switch to Starter on ${date}` }).click();
  await expect(dialog.getByRole('status')).toContainText(
    `plan-shop.example moves to the Starter plan on ${date}, when it renews. Nothing is charged now.`,
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(service).toContainText(`Moves to the Starter plan on ${date}`);
  await service.getByRole('button', { name: 'Keep Business plan-shop.example' }).click();
  await expect(service).not.toContainText('Moves to the Starter plan');
  await expect(service).toContainText('Business plan');

  await page.goto('/dashboard/finance');
  await expect(page.getByRole('region', { name: 'Account balance' })).toContainText(moneyText('en', balanceAfter));
  await expect(page.getByRole('table', { name: 'Transactions' })).toContainText(
    'Plan upgrade: Shop, Starter to Business',
  );
});

test('saves the test card for renewals from "Update payment method"; the declined number is refused', async ({
  page,
  request,
}) => {
  // The browser logs the declined card's answer (400) as a failed resource.
  allowConsoleErrors(/status of 400/);
  await newCustomer(page, request);
  await page.goto('/dashboard/finance');
  const update = page.getByRole('button', { name: 'Update payment method' });
  await expect(update).toHaveAccessibleDescription('No card saved for renewals');

  await update.click();
  const dialog = page.getByRole('dialog', { name: 'Payment method' });
  const number = dialog.getByRole('textbox', { name: 'Card number' });
  await number.fill('4000 0000 0000 0002');
  await dialog.getByRole('textbox', { name: 'Expiry month' }).fill('12');
  await dialog.getByRole('textbox', { name: 'Expiry year' }).fill('2039');
  await dialog.getByRole('textbox', { name: 'Name on the card' }).fill('Mona Payne');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog.getByText('The card was declined; try another card')).toBeVisible();

  await number.fill('4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog.getByText('Visa •••• 4242, expires 12/39').first()).toBeVisible();
  await expectNoAxeViolations(page, 'the Payment method dialog with a saved card');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(update).toHaveAccessibleDescription('Card for renewals: Visa •••• 4242, expires 12/39');
});
