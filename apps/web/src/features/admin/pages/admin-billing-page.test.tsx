import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminRoutes } from '@/test/api/admin';
import { serveApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { AdminBillingPage } from './admin-billing-page';

const renderPage = (language: 'en' | 'ru' = 'en') =>
  renderWithRouter(<AdminBillingPage />, { path: '/admin/billing', namespaces: ['admin'], language });

beforeEach(() => {
  serveApi(adminRoutes());
});

describe('billing management', () => {
  it('shows the three summary cards and the columns', async () => {
    await renderPage();
    await screen.findByRole('table', { name: 'Transactions' });
    for (const label of ['Total Revenue', 'Pending Payments', 'Failed Payments']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText('$45,231.89')).toBeInTheDocument();
    expect(screen.getByText('12 transactions')).toBeInTheDocument();
    expect(screen.getByText('3 transactions')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Transaction',
      'Customer',
      'Amount',
      'Status',
      'Actions',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search transactions' })).toHaveAttribute(
      'placeholder',
      'Search transactions...',
    );
  });

  it('offers Approve and Decline only on pending rows, View on every row, amounts in dollars with two decimals', async () => {
    await renderPage();
    await screen.findByRole('table', { name: 'Transactions' });
    const rows = within(screen.getByRole('table', { name: 'Transactions' }))
      .getAllByRole('row')
      .slice(1);
    let pending = 0;
    for (const row of rows) {
      const isPending = within(row).queryByText('Pending') !== null;
      if (isPending) pending += 1;
      expect(within(row).getByRole('button', { name: /^View / })).toBeInTheDocument();
      expect(within(row).queryAllByRole('button', { name: /^Approve / })).toHaveLength(isPending ? 1 : 0);
      expect(within(row).queryAllByRole('button', { name: /^Decline / })).toHaveLength(isPending ? 1 : 0);
      expect(row).toHaveTextContent(/\$\d+\.\d{2}/);
    }
    expect(pending).toBeGreaterThan(0);
    expect(pending).toBeLessThan(rows.length);
  });

  it('writes amounts the Russian way', async () => {
    await renderPage('ru');
    expect(await screen.findByText('Общий доход')).toBeInTheDocument();
    expect(screen.getAllByText(/^\d+,\d{2}\s\$$/).length).toBeGreaterThan(0);
  });
});
