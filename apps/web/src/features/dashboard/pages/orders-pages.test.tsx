import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paged, serveApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { DashboardOrderPage } from './dashboard-order-page';
import { DashboardOrdersPage } from './dashboard-orders-page';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const summary = {
  id: 'ord-1',
  number: 'ORD-2026-000007',
  status: 'awaiting_review',
  total: usd(8187),
  lineCount: 2,
  createdAt: '2026-11-24T10:00:00.000Z',
  paidAt: '2026-11-24T10:01:00.000Z',
  invoiceId: 'inv-9',
  transferPending: false,
  expiresAt: null,
  cancelledBy: null,
};
const line = (overrides: object) => ({
  id: 'line',
  planId: null,
  domain: null,
  location: null,
  game: null,
  unit: 'month',
  unitPrice: usd(599),
  periodPrice: usd(7188),
  lineTotal: usd(7188),
  serviceId: null,
  domainId: null,
  discount: null,
  freeDomainWith: null,
  ...overrides,
});
const detail = {
  ...summary,
  lines: [
    line({
      id: 'a',
      kind: 'hosting',
      planId: 'business',
      name: 'Business',
      months: 12,
      location: 'london',
      domain: 'shop.dev',
    }),
    line({
      id: 'b',
      kind: 'domain',
      name: 'shop.dev',
      domain: 'shop.dev',
      months: 12,
      unit: 'year',
      lineTotal: usd(999),
    }),
  ],
  invoice: { id: 'inv-9', number: 'INV-2026-0009' },
  payments: [],
  bankTransfer: null,
  decisionReason: null,
  decidedAt: null,
  refund: null,
};

describe('dashboard orders (docs/product/ordering.md)', () => {
  it('lists the orders with their state and a link to each', async () => {
    serveApi({ '/api/orders': (url: URL) => paged([summary], url) });
    await renderWithRouter(<DashboardOrdersPage />, { path: '/dashboard/orders', namespaces: ['dashboard'] });
    const row = await screen.findByRole('row', { name: /ORD-2026-000007/ });
    expect(row).toHaveTextContent('2 items');
    expect(row).toHaveTextContent('$81.87');
    expect(row).toHaveTextContent('Awaiting review');
    expect(within(row).getByRole('link', { name: 'View ORD-2026-000007' })).toHaveAttribute(
      'href',
      '/dashboard/orders/ord-1',
    );
  });

  it('says when there is none', async () => {
    serveApi({ '/api/orders': (url: URL) => paged([], url) });
    await renderWithRouter(<DashboardOrdersPage />, { path: '/dashboard/orders', namespaces: ['dashboard'] });
    expect(await screen.findByText('You have no orders yet.')).toBeVisible();
  });

  it('thanks the customer after checkout and says what waiting for review means, in Russian too', async () => {
    serveApi({ '/api/orders/ord-1': detail });
    await renderWithRouter(<DashboardOrderPage />, {
      path: '/dashboard/orders/ord-1?placed=1',
      route: '/dashboard/orders/:id',
      language: 'ru',
      namespaces: ['dashboard'],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ ORD-2026-000007' })).toBeVisible();
    expect(screen.getByText('Спасибо! Заказ ORD-2026-000007 оформлен.')).toBeVisible();
    expect(screen.getAllByText('На проверке')[0]).toBeVisible();
    expect(screen.getByText(/Мы проверяем каждый новый заказ/)).toBeVisible();
    expect(screen.getByText('Веб-хостинг · 12 месяцев · Лондон · shop.dev')).toBeVisible();
    expect(screen.getByText('Регистрация домена · 1 год')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Счёт INV-2026-0009' })).toHaveAttribute(
      'href',
      '/dashboard/finance/invoices/inv-9',
    );
  });
});
