import type { CartLine as OrderLineInput, QuoteResponse } from '@hostpilot/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, cartStore } from '@/lib/cart-store';
import { resetDemoMode } from '@/lib/use-demo-mode';
import { type TestRequest, serveApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { resetSession, signInAs, testUser } from '@/test/session';
import { CartPage } from './cart-page';
import { CheckoutPage } from './checkout-page';
import { ServicesPage } from './services-page';

/** The common text of `validation.orderLocation`. */
const LOCATION_MESSAGE = 'Choose a data centre we have';
const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const PRICES: Record<string, number> = { starter: 299, business: 599, enterprise: 999 };

/** The quote as the API answers it, pricing hosting plans by the month and domains at $9.99 a year. */
function quote(_url: URL, request?: TestRequest): QuoteResponse {
  const { lines } = request!.body as { lines: OrderLineInput[] };
  const priced = lines.map((line) => {
    const total = line.kind === 'domain' ? 999 * (line.months / 12) : PRICES[line.planId!]! * line.months;
    return {
      kind: line.kind,
      planId: line.planId ?? null,
      name: line.kind === 'domain' ? line.domain! : line.planId!,
      domain: line.domain ?? null,
      months: line.months,
      location: line.location ?? null,
      game: null,
      unit: line.kind === 'domain' ? ('year' as const) : ('month' as const),
      unitPrice: usd(line.kind === 'domain' ? 999 : PRICES[line.planId!]!),
      periodPrice: usd(total),
      lineTotal: usd(total),
      discount: null,
      freeDomainWith: null,
      errors: (line.location === 'singapore' ? { location: 'validation.orderLocation' } : {}) as Record<string, string>,
    };
  });
  const valid = priced.every((line) => Object.keys(line.errors).length === 0);
  return {
    lines: priced,
    total: usd(
      priced.reduce((sum, line) => sum + (Object.keys(line.errors).length ? 0 : line.lineTotal.amountMinor), 0),
    ),
    valid,
  };
}

const order = (status = 'awaiting_review') => ({
  id: 'ord-1',
  number: 'ORD-2026-000001',
  status,
  total: usd(1598),
  lineCount: 2,
  createdAt: '2026-11-24T10:00:00.000Z',
  paidAt: null,
  invoiceId: 'inv-1',
  transferPending: false,
  expiresAt: null,
  cancelledBy: null,
});

describe('cart and checkout pages (docs/decisions/036-cart-in-local-storage.md)', () => {
  beforeEach(() => {
    cartStore.add({ kind: 'hosting', planId: 'business', months: 1, dataCenter: 'london' });
    cartStore.add({ kind: 'domain', name: 'mybakery.com', displayName: 'mybakery.com', years: 1 });
  });
  afterEach(async () => {
    localStorage.clear();
    resetDemoMode();
    await resetSession();
  });

  it('shows the server’s prices and total, edits a line (asking again) and removes one', async () => {
    const user = userEvent.setup();
    const api = serveApi({ '/api/orders/quote': quote });
    await renderWithRouter(<CartPage />, { path: '/cart', namespaces: ['marketing', 'ordering'] });
    const lines = await screen.findAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Business');
    expect(lines[0]).toHaveTextContent('Web hosting · 1 month · London');
    expect(await within(lines[0]!).findByText('$5.99')).toBeVisible();
    expect(lines[1]).toHaveTextContent('Domain registration · 1 year');
    expect(await screen.findByText('$15.98')).toBeVisible();
    // The browser sends choices, never a price.
    expect(api.writes[0]!.body).toEqual({
      lines: [
        { kind: 'hosting', planId: 'business', months: 1, location: 'london' },
        { kind: 'domain', domain: 'mybakery.com', months: 12 },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Change Business' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Business' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Billing period' }), '12 months');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('$81.87')).toBeVisible();
    expect(api.writes.at(-1)!.body).toMatchObject({ lines: [{ months: 12 }, {}] });

    await user.click(screen.getByRole('button', { name: 'Remove mybakery.com' }));
    expect(await screen.findAllByText('$71.88')).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).lines).toHaveLength(1);
  });

  it('follows the cart changed in another tab, and says when it is empty', async () => {
    serveApi({ '/api/orders/quote': quote });
    await renderWithRouter(<CartPage />, { path: '/cart', namespaces: ['marketing', 'ordering'] });
    expect(await screen.findByText('$15.98')).toBeVisible();
    act(() => {
      localStorage.removeItem(CART_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: null }));
    });
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });

  it('shows on the line why the server refuses it, and checkout will not go on', async () => {
    localStorage.clear();
    cartStore.add({ kind: 'hosting', planId: 'starter', months: 1, dataCenter: 'singapore' });
    serveApi({ '/api/orders/quote': quote, '/api/finance/balance': { balance: usd(0) } });
    await renderWithRouter(<CheckoutPage />, { path: '/checkout', namespaces: ['marketing', 'ordering'] });
    await signInAs(testUser(0));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOCATION_MESSAGE);
    expect(screen.getByRole('button', { name: /^Place order/ })).toBeDisabled();
  });

  it('asks a signed-out visitor to sign in or register, coming back to checkout after', async () => {
    serveApi({ '/api/orders/quote': quote });
    const { router } = await renderWithRouter(<CheckoutPage />, {
      path: '/checkout',
      namespaces: ['marketing', 'ordering'],
    });
    expect(screen.getByRole('heading', { name: 'Sign in to place your order' })).toBeVisible();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Create an account' }));
    expect(router.state.location.pathname).toBe('/register');
    expect(router.state.location.state).toEqual({ from: { pathname: '/checkout', search: '', hash: '' } });
  });

  it('a changed cart (409 CART_CHANGED) shows the new total and asks again; a declined card keeps the order', async () => {
    const user = userEvent.setup();
    await signInAs(testUser(0));
    let created = 0;
    let pays = 0;
    const api = serveApi({
      '/api/meta': { demo: true },
      '/api/finance/balance': { balance: usd(500) },
      '/api/orders/quote': quote,
      '/api/orders': () => {
        created += 1;
        return created === 1
          ? { status: 409, body: { error: { code: 'CART_CHANGED', message: 'Cart changed' } } }
          : { ...order('pending_payment'), lines: [], payments: [], bankTransfer: null, invoice: {} };
      },
      '/api/orders/ord-1/pay': () => {
        pays += 1;
        return pays === 1
          ? { status: 402, body: { error: { code: 'PAYMENT_DECLINED', message: 'Declined' } } }
          : { order: { ...order(), lines: [] }, payment: {}, balance: usd(500) };
      },
    });
    const { router } = await renderWithRouter(<CheckoutPage />, {
      path: '/checkout',
      namespaces: ['marketing', 'ordering'],
    });
    expect(await screen.findByText('Your balance: $5.00.')).toBeVisible();
    await user.click(await screen.findByRole('radio', { name: /Test card/ }));
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Place order and pay by card' }));
    expect(
      await screen.findByText(/our prices changed since you opened this page\. The new total is \$15\.98/),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Place order and pay by card' }));
    expect(await screen.findByText('The card was declined. Try another card or another way to pay.')).toBeVisible();
    expect(screen.getByText(/Order ORD-2026-000001 is saved and waits for payment/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Place order and pay by card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/orders/ord-1'));
    expect(router.state.location.search).toBe('?placed=1');
    expect(created).toBe(2);
    const [firstPay, secondPay] = api.writes.filter((write) => write.path === '/api/orders/ord-1/pay');
    // The same payment again carries the same key: the API moves the money once.
    expect(secondPay!.headers['idempotency-key']).toBe(firstPay!.headers['idempotency-key']);
    expect(api.writes.find((write) => write.path === '/api/orders')!.body).toEqual({
      lines: [
        { kind: 'hosting', planId: 'business', months: 1, location: 'london' },
        { kind: 'domain', domain: 'mybakery.com', months: 12 },
      ],
      expectedTotal: 1598,
    });
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('an extra needs the domain it is for: Add to cart says so, keeps what was typed, then adds it by the year', async () => {
    localStorage.clear();
    const user = userEvent.setup();
    await renderWithRouter(<ServicesPage />, { path: '/services', namespaces: ['marketing'] });
    const add = screen.getByRole('link', { name: 'Add to cart: SSL certificates' });
    expect(add).toHaveAttribute('href', '/cart?add=ssl&period=12');
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add to cart' });
    expect(within(dialog).getByRole('combobox', { name: 'Billing period' })).toHaveDisplayValue('1 year');
    expect(dialog).toHaveTextContent('Price for this period: $29.99');
    const domain = within(dialog).getByRole('textbox', { name: 'Domain' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    expect(domain).toHaveAccessibleDescription('Enter the domain this is for, e.g. mybakery.com.');
    await user.type(domain, 'my bakery');
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    expect(domain).toHaveAccessibleDescription(/Enter one name and its ending/);
    expect(domain).toHaveValue('my bakery');
    await user.clear(domain);
    await user.type(domain, ' MyBakery.com ');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Billing period' }), '2 years');
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    expect(within(dialog).getByText('SSL Certificate is in your cart.')).toBeVisible();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).lines).toEqual([
      { id: expect.any(String), kind: 'extra', planId: 'ssl', months: 24, domain: 'mybakery.com' },
    ]);
  });
});
