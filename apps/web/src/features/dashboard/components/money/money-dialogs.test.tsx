import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDemoMode } from '@/lib/use-demo-mode';
import { customerRoutes, HOSTING } from '@/test/api/customer';
import { serveApi, type TestApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { resetSession } from '@/test/session';
import { AutoRenewSwitch } from './auto-renew-switch';
import { PendingCancellation } from './pending-cancellation';
import { useMoneyDialogs } from './use-money-dialogs';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const failure = (status: number, code: string) => ({ status, body: { error: { code, message: code } } });

const payment = (status: 'completed' | 'pending', amountMinor: number) => ({
  id: 'p1',
  method: status === 'completed' ? 'test_card' : 'bank_transfer',
  status,
  amount: usd(amountMinor),
  declineReason: null,
  invoiceId: status === 'pending' ? 'i9' : null,
  createdAt: '2026-11-24T10:00:00.000Z',
  completedAt: status === 'completed' ? '2026-11-24T10:00:00.000Z' : null,
});

/** An answer the test gives when it chooses: the dialog stays in its pending state until then. */
function held() {
  const waiting: ((answer: unknown) => void)[] = [];
  return {
    handler: () => new Promise((resolve) => waiting.push(resolve)),
    answer: (value: unknown) => waiting.splice(0).forEach((resolve) => resolve(value)),
  };
}

const invoice = { id: 'i9', number: 'INV-2026-0200', status: 'unpaid', issuedAt: '2026-11-24T10:00:00.000Z' };

function Harness() {
  const money = useMoneyDialogs();
  return (
    <>
      <button type="button" onClick={money.openAddFunds}>
        open add funds
      </button>
      <button type="button" onClick={() => money.openRenew({ type: 'service', id: 's1' })}>
        open renew
      </button>
      <button
        type="button"
        onClick={() => money.openCancel({ id: 'h1', name: 'mysite.com', expiresAt: HOSTING[0]!.expiresAt })}
      >
        open cancel
      </button>
      {money.dialogs}
    </>
  );
}

let api: TestApi;

function serve(demo: boolean) {
  api = serveApi({ ...customerRoutes(), '/api/meta': () => ({ demo }) });
}

beforeEach(() => {
  resetDemoMode();
  serve(true);
});

afterEach(async () => {
  await resetSession();
});

const ns = { namespaces: ['dashboard'] };

describe('Add funds', () => {
  it('checks the amount as the API does, shows the declined card, retries with the same key, and credits', async () => {
    const user = userEvent.setup();
    const answers = [failure(402, 'PAYMENT_DECLINED'), failure(402, 'PAYMENT_DECLINED')];
    api.on(
      '/api/finance/top-ups',
      () =>
        answers.shift() ?? {
          status: 201,
          body: { payment: payment('completed', 2000), balance: usd(14550), invoice: null, bankTransfer: null },
        },
    );
    await renderWithRouter(<Harness />, ns);
    await user.click(screen.getByRole('button', { name: 'open add funds' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add funds' }));

    await user.type(dialog.getByRole('textbox', { name: 'Amount, USD' }), '20.001');
    await user.click(await dialog.findByRole('radio', { name: /Test card/ }));
    await user.click(dialog.getByRole('button', { name: 'Add funds' }));
    expect(await dialog.findByText('Enter an amount above zero with at most two decimals')).toBeVisible();
    expect(api.writes).toHaveLength(0);

    const amount = dialog.getByRole('textbox', { name: 'Amount, USD' });
    await user.clear(amount);
    await user.type(amount, '20');
    await user.type(dialog.getByRole('textbox', { name: 'Card number' }), '4000 0000 0000 0002');
    await user.click(dialog.getByRole('button', { name: 'Add funds' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The payment was declined');
    // The same attempt again (a retry) carries the same key; what the person typed is kept.
    await user.click(dialog.getByRole('button', { name: 'Add funds' }));
    await waitForWrites(2);
    const [first, retry] = api.writes;
    expect(first!.body).toEqual({ method: 'test_card', amount: '20', cardNumber: '4000 0000 0000 0002' });
    expect(first!.headers['idempotency-key']).toMatch(/^[\x21-\x7e]{8,100}$/);
    expect(retry!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(amount).toHaveValue('20');

    const card = dialog.getByRole('textbox', { name: 'Card number' });
    await user.clear(card);
    await user.type(card, '4242424242424242');
    await user.click(dialog.getByRole('button', { name: 'Add funds' }));
    expect(await dialog.findByText('$20.00 was added. Your balance is now $145.50.')).toBeVisible();
    expect(api.writes[2]!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });

  it('offers no test card outside demo mode, and shows a bank transfer’s details and pro-forma invoice', async () => {
    serve(false);
    const user = userEvent.setup();
    api.on('/api/finance/top-ups', () => ({
      status: 201,
      body: {
        payment: payment('pending', 5000),
        balance: usd(12550),
        invoice: { ...invoice, dueAt: invoice.issuedAt, paidAt: null, total: usd(5000) },
        bankTransfer: {
          beneficiary: 'HostPilot Ltd',
          bankName: 'Example Bank',
          iban: 'DE89370400440532013000',
          swift: 'COBADEFFXXX',
          reference: 'INV-2026-0200',
        },
      },
    }));
    await renderWithRouter(<Harness />, ns);
    await user.click(screen.getByRole('button', { name: 'open add funds' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add funds' }));
    await user.type(dialog.getByRole('textbox', { name: 'Amount, USD' }), '50');
    expect(dialog.getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
    expect(dialog.queryByRole('radio', { name: /Test card/ })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Add funds' }));
    expect(await dialog.findByText('Payment pending')).toBeVisible();
    expect(dialog.getByText('DE89370400440532013000')).toBeVisible();
    expect(dialog.getByRole('link', { name: 'View pro-forma invoice INV-2026-0200' })).toHaveAttribute(
      'href',
      '/dashboard/finance/invoices/i9',
    );
    expect(api.writes[0]!.body).toEqual({ method: 'bank_transfer', amount: '50' });
  });
});

describe('Pending and refused payments', () => {
  it('Add funds: a double tap sends once, the button says Processing… while it is sent, and a refusal keeps what was typed', async () => {
    const user = userEvent.setup();
    const topUp = held();
    api.on('/api/finance/top-ups', topUp.handler);
    await renderWithRouter(<Harness />, ns);
    await user.click(screen.getByRole('button', { name: 'open add funds' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add funds' }));
    await user.type(dialog.getByRole('textbox', { name: 'Amount, USD' }), '35.50');
    await user.click(await dialog.findByRole('radio', { name: /Test card/ }));
    await user.type(dialog.getByRole('textbox', { name: 'Card number' }), '4000 0000 0000 0002');

    // Two taps in the same moment, before React has rendered anything in between.
    const submit = dialog.getByRole('button', { name: 'Add funds' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    const busy = await dialog.findByRole('button', { name: 'Processing…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await waitForWrites(1);

    topUp.answer(failure(402, 'PAYMENT_DECLINED'));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('The payment did not go through');
    expect(alert).toHaveTextContent('The payment was declined. Try another card or payment method.');
    expect(dialog.getByRole('textbox', { name: 'Amount, USD' })).toHaveValue('35.50');
    expect(dialog.getByRole('radio', { name: /Test card/ })).toBeChecked();
    expect(dialog.getByRole('textbox', { name: 'Card number' })).toHaveValue('4000 0000 0000 0002');
    const again = dialog.getByRole('button', { name: 'Add funds' });
    expect(again).toBeEnabled();
    expect(again).not.toHaveAttribute('aria-busy');
    expect(api.writes).toHaveLength(1);
  });

  it('Renew, in Russian: «Оплата…» while it is sent, one request for a double tap, the refusal in Russian with the period kept', async () => {
    const user = userEvent.setup();
    const renew = held();
    api.on('/api/services/s1/renew', renew.handler);
    await renderWithRouter(<Harness />, { ...ns, language: 'ru' });
    await user.click(screen.getByRole('button', { name: 'open renew' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Продление' }));
    const period = await dialog.findByRole('combobox', { name: 'Продлить на' });
    await user.selectOptions(period, '24');

    const submit = dialog.getByRole('button', { name: /^Оплатить .+ с баланса$/ });
    fireEvent.click(submit);
    fireEvent.click(submit);
    const busy = await dialog.findByRole('button', { name: 'Оплата…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await waitForWrites(1);

    renew.answer(failure(409, 'INVALID_STATE'));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Продление не прошло');
    expect(alert).toHaveTextContent('Сейчас это сделать нельзя. Обновите страницу, чтобы увидеть текущее состояние.');
    expect(period).toHaveValue('24');
    expect(dialog.getByRole('button', { name: /^Оплатить .+ с баланса$/ })).toBeEnabled();
    expect(api.writes).toHaveLength(1);
    expect(api.writes[0]).toMatchObject({ path: '/api/services/s1/renew', body: { months: 24 } });
  });
});

describe('Renew', () => {
  it('shows the catalogue price, says when the balance is short and opens Add funds from there', async () => {
    const user = userEvent.setup();
    api.on('/api/services/s1/renew', () => failure(409, 'INSUFFICIENT_FUNDS'));
    await renderWithRouter(<Harness />, ns);
    await user.click(screen.getByRole('button', { name: 'open renew' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Renew' }));
    const period = await dialog.findByRole('combobox', { name: 'Renew for' });
    expect(period).toHaveDisplayValue('12 months — $29.99');
    await user.selectOptions(period, '24');
    expect(dialog.getByText('$59.98')).toBeVisible();
    const pay = dialog.getByRole('button', { name: /^Pay \$\d+\.\d\d from balance$/ });
    await user.click(pay);
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Not enough funds');
    expect(api.writes[0]).toMatchObject({ method: 'POST', path: '/api/services/s1/renew', body: { months: 24 } });
    await user.click(within(alert).getByRole('button', { name: 'Add Funds' }));
    expect(await screen.findByRole('dialog', { name: 'Add funds' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Renew' })).not.toBeInTheDocument();
  });

  it('says so when the plan is no longer sold, instead of a price', async () => {
    const user = userEvent.setup();
    api.on('/api/services', () => ({
      items: [{ ...HOSTING[0]!, kind: 'vds', id: 's1', plan: { id: 'retired', name: 'Retired' } }],
      total: 1,
      page: 1,
      pageSize: 50,
    }));
    await renderWithRouter(<Harness />, ns);
    await user.click(screen.getByRole('button', { name: 'open renew' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Renew' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This plan is no longer sold');
    expect(dialog.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('renews: the new expiry, the charge and the balance, with a link to the invoice', async () => {
    const user = userEvent.setup();
    api.on('/api/services/s1/renew', () => ({
      invoice: { ...invoice, status: 'paid', dueAt: invoice.issuedAt, paidAt: invoice.issuedAt, total: usd(1999) },
      balance: usd(10551),
      expiresAt: '2027-04-15T12:00:00.000Z',
    }));
    await renderWithRouter(<Harness />, ns);
    await user.click(screen.getByRole('button', { name: 'open renew' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Renew' }));
    await user.click(await dialog.findByRole('button', { name: /^Pay/ }));
    expect(
      await dialog.findByText(
        /Paid until Apr 15, 2027\. \$19\.99 was taken from your balance, which is now \$105\.51\./,
      ),
    ).toBeVisible();
    expect(dialog.getByRole('link', { name: 'View invoice INV-2026-0200' })).toHaveAttribute(
      'href',
      '/dashboard/finance/invoices/i9',
    );
  });
});

describe('Cancel', () => {
  it('asks for a reason, then cancels at the end of the period', async () => {
    const user = userEvent.setup();
    api.on('/api/services/h1/cancellation', () => ({
      id: 'h1',
      status: 'active',
      autoRenew: false,
      expiresAt: HOSTING[0]!.expiresAt,
      cancelRequestedAt: '2026-11-24T10:00:00.000Z',
      cancelReason: 'Moving',
      cancelledAt: null,
    }));
    await renderWithRouter(<Harness />, ns);
    await user.click(screen.getByRole('button', { name: 'open cancel' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel mysite.com' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel at the end of the period' }));
    expect(await dialog.findByText('Required')).toBeVisible();
    expect(api.writes).toHaveLength(0);
    await user.type(dialog.getByRole('textbox', { name: 'Why are you cancelling?' }), 'Moving');
    await user.click(dialog.getByRole('button', { name: 'Cancel at the end of the period' }));
    expect(await dialog.findByText('mysite.com will stop on Mar 15, 2027. Until then you can keep it.')).toBeVisible();
    expect(api.writes[0]).toMatchObject({ method: 'POST', body: { when: 'end_of_period', reason: 'Moving' } });
  });
});

describe('Auto-renew and a pending cancellation', () => {
  it('puts the saved value back with the reason when saving fails', async () => {
    const user = userEvent.setup();
    api.on('/api/domains/d2/auto-renew', () => failure(409, 'INVALID_STATE'));
    await renderWithRouter(
      <AutoRenewSwitch subject={{ type: 'domain', id: 'd2' }} checked={false} name="myblog.net" hideLabel />,
      ns,
    );
    const toggle = screen.getByRole('switch', { name: 'Auto-renew myblog.net' });
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Auto-renew was not changed. This cannot be done right now.',
    );
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(api.writes[0]).toMatchObject({ method: 'PUT', path: '/api/domains/d2/auto-renew', body: { enabled: true } });
  });

  it('withdraws a pending cancellation with Keep the service', async () => {
    const user = userEvent.setup();
    api.on('/api/services/h1/cancellation', () => ({ id: 'h1', status: 'active', cancelRequestedAt: null }));
    await renderWithRouter(
      <PendingCancellation service={{ id: 'h1', name: 'mysite.com', expiresAt: HOSTING[0]!.expiresAt }} />,
      ns,
    );
    expect(screen.getByText('Cancellation requested: it stops on Mar 15, 2027.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Keep the service mysite.com' }));
    await waitForWrites(1);
    expect(api.writes[0]).toMatchObject({ method: 'DELETE', path: '/api/services/h1/cancellation' });
  });
});

async function waitForWrites(count: number) {
  await vi.waitFor(() => expect(api.writes).toHaveLength(count));
}
