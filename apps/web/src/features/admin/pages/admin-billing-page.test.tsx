import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminRoutes } from '@/test/api/admin';
import { serveApi, type TestApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { AdminBillingPage } from './admin-billing-page';

const renderPage = (language: 'en' | 'ru' = 'en', path = '/admin/billing') =>
  renderWithRouter(<AdminBillingPage />, { path, namespaces: ['admin'], language });

const refusal = (status: number, field: string, code: string) => ({
  status,
  body: { error: { code: 'INVALID_STATE', message: code, fields: { [field]: { code, message: code } } } },
});

let api: TestApi;
beforeEach(() => {
  api = serveApi(adminRoutes());
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
      '',
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

  it('offers Approve and Decline (apart) in the menu only on pending bank transfers, View on every row, amounts in dollars', async () => {
    const user = userEvent.setup();
    await renderPage('en', '/admin/billing?size=50');
    await screen.findAllByRole('button', { name: /^Actions for / });
    const rows = within(screen.getByRole('table', { name: 'Transactions' }))
      .getAllByRole('row')
      .slice(1);
    let pending = 0;
    for (const row of rows) {
      const isPending =
        within(row).queryByText('Pending') !== null && within(row).queryByText('Bank transfer') !== null;
      expect(within(row).getByRole('button', { name: /^View / })).toBeInTheDocument();
      expect(within(row).queryAllByRole('button', { name: /^(Approve|Decline) / })).toHaveLength(0);
      expect(row).toHaveTextContent(/\$\d+\.\d{2}/);
      if (!isPending) continue;
      pending += 1;
      if (pending > 2) continue;
      await user.click(within(row).getByRole('button', { name: /^Actions for / }));
      const menu = screen.getByRole('menu');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Approve', 'Decline']);
      await user.keyboard('{Escape}');
    }
    expect(pending).toBeGreaterThan(0);
    expect(pending).toBeLessThan(rows.length);
  });

  /** Opens the menu of the first pending bank transfer and picks `action`; answers the payment's id. */
  const pick = async (user: ReturnType<typeof userEvent.setup>, action: 'Approve' | 'Decline') => {
    const [menu] = await screen.findAllByRole('button', { name: /^Actions for / });
    const id = menu!.getAttribute('aria-label')!.replace(/^Actions for /, '');
    await user.click(menu!);
    await user.click(screen.getByRole('menuitem', { name: action }));
    return id;
  };

  it('declines with a reason the form asks for first, then says so', async () => {
    const user = userEvent.setup();
    await renderPage('en', '/admin/billing?status=pending');
    const id = await pick(user, 'Decline');
    api.on(`/api/admin/payments/${id}/decline`, () => ({ id, status: 'failed' }));
    const dialog = await screen.findByRole('dialog', { name: /^Decline \$/ });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Give a reason of 3 to 500 characters')).toBeInTheDocument();
    expect(api.calls).not.toContain(`/api/admin/payments/${id}/decline`);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'No transfer arrived');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/was declined\.$/);
    expect(api.calls).toContain(`/api/admin/payments/${id}/decline`);
  });

  // Issue 26: a top-up refunded "to the balance" doubled it; the dialog offers only where the payment may go.
  it('refunds a card top-up only back to the card and shows the refusal of the API beside the amount', async () => {
    const user = userEvent.setup();
    await renderPage('en', '/admin/billing?size=50');
    await user.click(await screen.findByRole('button', { name: 'Actions for t10' }));
    await user.click(screen.getByRole('menuitem', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: /^Refund \$/ });
    expect(dialog).toHaveTextContent('Refund toThe card it was paid with');
    expect(dialog).not.toHaveTextContent("The customer's balance");
    expect(dialog).toHaveTextContent('never to the balance');
    api.on('/api/admin/payments/t10/refund', () => refusal(409, 'amount', 'validation.refundBalanceSpent'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Charged twice by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText(
        'The customer has spent part of this top-up: refund at most what is left on the balance',
      ),
    ).toBeInTheDocument();
    expect(api.writes.at(-1)).toMatchObject({
      path: '/api/admin/payments/t10/refund',
      body: { amount: '80.88', reason: 'Charged twice by mistake', destination: 'card' },
    });

    api.on('/api/admin/payments/t10/refund', () => ({
      status: 201,
      body: {
        paymentId: 't10',
        refunded: { amountMinor: 500, currency: 'USD' },
        balance: { amountMinor: 0, currency: 'USD' },
      },
    }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Amount to refund' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount to refund' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^\$5\.00 was refunded to the card of .+ and taken/);
  });

  it("in Russian, an order's payment goes to the balance and a cancelled order's refusal is translated", async () => {
    const user = userEvent.setup();
    await renderPage('ru', '/admin/billing?size=50');
    await user.click(await screen.findByRole('button', { name: 'Действия: t1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Вернуть' }));
    const dialog = await screen.findByRole('dialog', { name: /^Возврат / });
    expect(dialog).toHaveTextContent('Куда вернутьНа баланс клиента');
    expect(dialog).not.toHaveTextContent('На карту');
    api.on('/api/admin/payments/t1/refund', () => refusal(409, 'amount', 'validation.refundOrderCancelled'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Причина' }), 'Заказ отменён');
    await user.click(within(dialog).getByRole('button', { name: 'Вернуть' }));
    expect(
      await within(dialog).findByText('Заказ этого платежа отменён, и деньги за него уже возвращены на баланс'),
    ).toBeInTheDocument();
    expect(api.writes.at(-1)!.body).toMatchObject({ destination: 'balance' });
  });

  it('approves only after a confirmation, with an optional note sent to the API', async () => {
    const user = userEvent.setup();
    await renderPage('en', '/admin/billing?status=pending');
    const id = await pick(user, 'Approve');
    api.on(`/api/admin/payments/${id}/approve`, () => ({ id, status: 'completed' }));
    const dialog = await screen.findByRole('dialog', { name: /^Approve \$.*\?$/ });
    expect(api.calls).not.toContain(`/api/admin/payments/${id}/approve`);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note for the audit log (optional)' }),
      'Seen on the statement',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/was approved and credited to the balance\.$/);
    const write = api.writes.find((request) => request.path === `/api/admin/payments/${id}/approve`);
    expect(write?.body).toEqual({ reason: 'Seen on the statement' });
  });

  it('offers a role without billing.approve only View', async () => {
    api.on('/api/admin/me/permissions', () => ({ role: 3, permissions: ['billing.read'] }));
    await renderPage();
    await screen.findByRole('table', { name: 'Transactions' });
    await waitFor(() => expect(api.calls).toContain('/api/admin/me/permissions'));
    expect(screen.queryAllByRole('button', { name: /^(Approve|Decline|Actions for) / })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: /^View / }).length).toBeGreaterThan(0);
  });

  it('writes amounts the Russian way', async () => {
    await renderPage('ru');
    expect(await screen.findByText('Общий доход')).toBeInTheDocument();
    expect(screen.getAllByText(/^\d+,\d{2}\s\$$/).length).toBeGreaterThan(0);
  });

  it('words Russian sentences so a customer’s name needs no case (issue 31, item 12)', async () => {
    const user = userEvent.setup();
    await renderPage('ru', '/admin/billing?status=pending');
    const [menu] = await screen.findAllByRole('button', { name: /^Действия: / });
    const id = menu!.getAttribute('aria-label')!.replace(/^Действия: /, '');
    api.on(`/api/admin/payments/${id}/decline`, () => ({ id, status: 'failed' }));
    await user.click(menu!);
    await user.click(screen.getByRole('menuitem', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('dialog', { name: /^Отклонить платёж на .+\? Клиент: .+$/ });
    await user.type(within(dialog).getByRole('textbox', { name: 'Причина' }), 'Перевод не поступил');
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(/^Платёж на .+ отклонён\. Клиент: .+\.$/);
    expect(status).not.toHaveTextContent(/ от /);
  });
});
