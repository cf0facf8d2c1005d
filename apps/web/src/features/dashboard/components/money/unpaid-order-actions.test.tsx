import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDemoMode } from '@/lib/use-demo-mode';
import { customerRoutes } from '@/test/api/customer';
import { serveApi, type TestApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { resetSession } from '@/test/session';
import { UnpaidOrderActions } from './unpaid-order-actions';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const order = {
  id: 'ord-1',
  number: 'ORD-2026-000007',
  status: 'pending_payment' as const,
  total: usd(8187),
  lineCount: 2,
  createdAt: '2026-11-24T10:00:00.000Z',
  paidAt: null,
  invoiceId: 'inv-9',
  transferPending: false,
  expiresAt: null,
  cancelledBy: null,
};

let api: TestApi;
const waiting: ((answer: unknown) => void)[] = [];

beforeEach(() => {
  resetDemoMode();
  api = serveApi({
    ...customerRoutes(),
    '/api/meta': () => ({ demo: true }),
    '/api/orders/ord-1/pay': () => new Promise((resolve) => waiting.push(resolve)),
  });
});

afterEach(async () => {
  waiting.length = 0;
  await resetSession();
});

describe('Pay an unpaid order', () => {
  it('sends a double tap once, says Paying… while it is sent, and shows the refusal with the card number kept', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<UnpaidOrderActions order={order} />, { namespaces: ['dashboard'] });
    await user.click(screen.getByRole('button', { name: 'Pay ORD-2026-000007' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay order ORD-2026-000007' }));
    await user.click(await dialog.findByRole('radio', { name: /Test card/ }));
    await user.type(dialog.getByRole('textbox', { name: 'Card number' }), '4000 0000 0000 0002');

    const submit = dialog.getByRole('button', { name: 'Pay $81.87 by card' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    const busy = await dialog.findByRole('button', { name: 'Paying…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await vi.waitFor(() => expect(waiting).toHaveLength(1));

    waiting
      .splice(0)
      .forEach((answer) => answer({ status: 402, body: { error: { code: 'PAYMENT_DECLINED', message: 'declined' } } }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('The order is not paid');
    expect(alert).toHaveTextContent('The payment was declined. Try another card or payment method.');
    expect(dialog.getByRole('radio', { name: /Test card/ })).toBeChecked();
    expect(dialog.getByRole('textbox', { name: 'Card number' })).toHaveValue('4000 0000 0000 0002');
    expect(dialog.getByRole('button', { name: 'Pay $81.87 by card' })).toBeEnabled();
    expect(api.writes.filter((write) => write.path === '/api/orders/ord-1/pay')).toHaveLength(1);
  });
});
