import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, DEMO_ADMIN, storeTokens } from './support/auth';
import { expect, gotoInLanguage, test } from './support/fixtures';
import { verifyEmail } from './support/outbox';

/**
 * Order review in the back office (docs/decisions/032-ordering-and-checkout.md): with "New orders need approval"
 * on (the default), a customer's paid order waits; the administrator finds it on /admin/orders, views it and
 * accepts it, and it becomes active; the page reads in Russian too.
 */

const PASSWORD = 'a long enough password 42';

/** A new customer places a hosting order and pays it by the test card, through the API. */
async function waitingOrder(request: APIRequestContext) {
  const email = `buyer.${randomUUID().slice(0, 8)}@example.com`;
  const registered = await request.post('/api/auth/register', {
    data: { firstName: 'Olga', lastName: 'Buyer', email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  await verifyEmail(request, email);
  const { access_token: token } = (await registered.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const line = { kind: 'hosting', planId: 'starter', months: 1, location: 'london' };
  const quote = await request.post('/api/orders/quote', { data: { lines: [line] } });
  const { total } = (await quote.json()) as { total: { amountMinor: number } };
  const placed = await request.post('/api/orders', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: { lines: [line], expectedTotal: total.amountMinor },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { id: string; number: string };
  const paid = await request.post(`/api/orders/${order.id}/pay`, {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: { method: 'test_card', cardNumber: '4242424242424242' },
  });
  expect(paid.status()).toBe(200);
  expect(((await paid.json()) as { order: { status: string } }).order.status).toBe('awaiting_review');
  return order;
}

async function signInAsAdmin(page: Page) {
  const tokens = await apiSignIn(page.request, DEMO_ADMIN);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
}

test('the administrator accepts a paid order waiting for review, and it becomes active', async ({ page }) => {
  const order = await waitingOrder(page.request);
  await signInAsAdmin(page);
  await gotoInLanguage(page, '/admin/orders', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.number);
  const table = page.getByRole('table', { name: 'Orders' });
  const row = table.getByRole('row', { name: new RegExp(order.number) });
  await expect(row.getByText('Awaiting review')).toBeVisible();

  await row.getByRole('button', { name: `View ${order.number}` }).click();
  const view = page.getByRole('dialog', { name: `Order ${order.number}` });
  await expect(view.getByText('Hosting: Starter')).toBeVisible();
  await view.getByRole('button', { name: 'Close' }).first().click();

  await row.getByRole('button', { name: `Accept ${order.number}` }).click();
  const confirm = page.getByRole('dialog', { name: `Accept order ${order.number}?` });
  await confirm.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText(`Order ${order.number} accepted: its services are running.`)).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByRole('button', { name: `Accept ${order.number}` })).toHaveCount(0);

  await gotoInLanguage(page, '/admin/orders', 'ru');
  await expect(page.getByRole('heading', { level: 1, name: 'Заказы' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Поиск заказов' }).fill(order.number);
  const rowRu = page.getByRole('table', { name: 'Заказы' }).getByRole('row', { name: new RegExp(order.number) });
  await expect(rowRu.getByText('Выполнен')).toBeVisible();
});
