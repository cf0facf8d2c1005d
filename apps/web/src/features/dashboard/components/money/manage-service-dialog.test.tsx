import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerRoutes, HOSTING } from '@/test/api/customer';
import { serveApi, type TestApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { resetSession } from '@/test/session';
import { useMoneyDialogs } from './use-money-dialogs';

/**
 * The Manage dialog (docs/decisions/037-plan-changes.md). The clock is fixed at 1 January 2030 03:00 UTC and the
 * service paid until 18 January 08:00: 17 whole days of a 31-day month are left, so Starter → Business ($2.99 →
 * $5.99) costs floor(300 × 17 / 31) = 164 cents now, and Starter → Enterprise floor(700 × 17 / 31) = 383.
 */

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const NOW = Date.UTC(2030, 0, 1, 3);
const EXPIRES = '2030-01-18T08:00:00.000Z';
const starter = (overrides: Record<string, unknown> = {}) => ({
  ...HOSTING[0]!,
  plan: { id: 'starter', name: 'Starter' },
  price: usd(299),
  expiresAt: EXPIRES,
  ...overrides,
});
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 50 });
const answer = (overrides: Record<string, unknown>) => ({
  direction: 'upgrade',
  plan: { id: 'business', name: 'Business' },
  pendingPlan: null,
  price: usd(599),
  expiresAt: EXPIRES,
  charged: usd(164),
  invoice: null,
  balance: usd(836),
  ...overrides,
});

function Harness() {
  const money = useMoneyDialogs();
  return (
    <>
      <button type="button" onClick={() => money.openManage({ id: 'h1', name: 'mysite.com' })}>
        open manage
      </button>
      {money.dialogs}
    </>
  );
}

let api: TestApi;
const ns = { namespaces: ['dashboard'] };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  api = serveApi({ ...customerRoutes(), '/api/hosting': () => page([starter()]) });
});

afterEach(async () => {
  vi.useRealTimers();
  await resetSession();
});

async function openManage() {
  const user = userEvent.setup();
  await renderWithRouter(<Harness />, ns);
  await user.click(screen.getByRole('button', { name: 'open manage' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Manage mysite.com' }));
  await dialog.findByRole('group', { name: 'Change plan' });
  return { user, dialog };
}

describe('Manage a service', () => {
  it('shows the plan, price, server, expiry and status, and the prorated price of each upgrade before paying', async () => {
    const { dialog } = await openManage();
    expect(dialog.getByText('Starter')).toBeVisible();
    expect(dialog.getByText('$2.99 a month')).toBeVisible();
    expect(dialog.getByText(/^web-03\.fra, /)).toBeVisible();
    expect(dialog.getByText('Jan 18, 2030')).toBeVisible();
    const business = dialog.getByRole('radio', { name: /^Business — \$5\.99 a month/ });
    expect(business).toBeChecked();
    expect(business).toHaveAccessibleDescription('Upgrade now: pay $1.64 for the remaining 17 days');
    expect(dialog.getByRole('button', { name: 'Pay $1.64 and upgrade' })).toBeVisible();
    expect(dialog.getByRole('radio', { name: /^Enterprise — \$9\.99 a month/ })).toHaveAccessibleDescription(
      'Upgrade now: pay $3.83 for the remaining 17 days',
    );
  });

  it('says when the balance is short, charges nothing and opens Add funds from there', async () => {
    api.on('/api/services/h1/plan', () => ({
      status: 409,
      body: { error: { code: 'INSUFFICIENT_FUNDS', message: 'x' } },
    }));
    const { user, dialog } = await openManage();
    await user.click(dialog.getByRole('radio', { name: /^Enterprise/ }));
    await user.click(dialog.getByRole('button', { name: 'Pay $3.83 and upgrade' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Your balance does not cover $3.83');
    expect(api.writes[0]).toMatchObject({
      method: 'POST',
      path: '/api/services/h1/plan',
      body: { planId: 'enterprise' },
    });
    await user.click(within(alert).getByRole('button', { name: 'Add Funds' }));
    expect(await screen.findByRole('dialog', { name: 'Add funds' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Manage mysite.com' })).not.toBeInTheDocument();
  });

  it('upgrades with an Idempotency-Key and says what was paid, with the invoice', async () => {
    api.on('/api/services/h1/plan', () =>
      answer({
        invoice: {
          id: 'i7',
          number: 'INV-2030-0007',
          status: 'paid',
          issuedAt: '2030-01-01T03:00:00.000Z',
          dueAt: '2030-01-01T03:00:00.000Z',
          paidAt: '2030-01-01T03:00:00.000Z',
          total: usd(164),
        },
      }),
    );
    const { user, dialog } = await openManage();
    await user.click(dialog.getByRole('button', { name: 'Pay $1.64 and upgrade' }));
    expect(
      await dialog.findByText(
        'mysite.com is on the Business plan now. $1.64 was taken from your balance, which is now $8.36.',
      ),
    ).toBeVisible();
    expect(api.writes[0]!.body).toEqual({ planId: 'business' });
    expect(api.writes[0]!.headers['Idempotency-Key'] ?? api.writes[0]!.headers['idempotency-key']).toMatch(/.{8,}/);
    expect(dialog.getByRole('link', { name: 'View invoice INV-2030-0007' })).toHaveAttribute(
      'href',
      '/dashboard/finance/invoices/i7',
    );
  });

  it('schedules a downgrade for the renewal at no charge, and shows a field refusal beside the choice', async () => {
    api.on('/api/hosting', () => page([starter({ plan: { id: 'business', name: 'Business' }, price: usd(599) })]));
    const answers = [
      {
        status: 409,
        body: {
          error: {
            code: 'INVALID_STATE',
            message: 'x',
            fields: { planId: { code: 'validation.planChangeState', message: 'x' } },
          },
        },
      },
    ];
    api.on(
      '/api/services/h1/plan',
      () =>
        answers.shift() ??
        answer({
          direction: 'downgrade',
          plan: { id: 'business', name: 'Business' },
          pendingPlan: { id: 'starter', name: 'Starter' },
          charged: usd(0),
        }),
    );
    const { user, dialog } = await openManage();
    expect(dialog.getByRole('radio', { name: /^Enterprise/ })).toBeChecked();
    const starterOption = dialog.getByRole('radio', { name: /^Starter — \$2\.99 a month/ });
    await user.click(starterOption);
    expect(starterOption).toHaveAccessibleDescription('Downgrade on Jan 18, 2030, at the renewal; nothing is refunded');
    expect(dialog.getByText('$0.00')).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Switch to Starter on Jan 18, 2030' });
    await user.click(submit);
    expect(await dialog.findByText('Only an active service can change its plan')).toBeVisible();
    await user.click(submit);
    expect(
      await dialog.findByText(
        'mysite.com moves to the Starter plan on Jan 18, 2030, when it renews. Nothing is charged now.',
      ),
    ).toBeVisible();
  });

  it('says how many addon domains to remove when the chosen plan does not hold them', async () => {
    api.on('/api/hosting', () => page([starter({ plan: { id: 'business', name: 'Business' }, price: usd(599) })]));
    api.on('/api/services/h1/plan', () => ({
      status: 409,
      body: {
        error: {
          code: 'INVALID_STATE',
          message: 'x',
          fields: {
            planId: { code: 'validation.planAddonDomainsOver', message: 'x', params: { count: 2, allowed: 1 } },
          },
        },
      },
    }));
    const { user, dialog } = await openManage();
    await user.click(dialog.getByRole('radio', { name: /^Starter — \$2\.99 a month/ }));
    await user.click(dialog.getByRole('button', { name: 'Switch to Starter on Jan 18, 2030' }));
    expect(
      await dialog.findByText(
        'Remove addon domains first: 2 more than that plan allows (its limit is 1, the main domain included)',
      ),
    ).toBeVisible();
  });

  it('shows a pending downgrade with Keep, which cancels it', async () => {
    api.on('/api/hosting', () =>
      page([
        starter({ plan: { id: 'enterprise', name: 'Enterprise' }, pendingPlan: { id: 'starter', name: 'Starter' } }),
      ]),
    );
    api.on('/api/services/h1/pending-plan', () => answer({ plan: { id: 'enterprise', name: 'Enterprise' } }));
    const { user, dialog } = await openManage();
    expect(dialog.getByText('Moves to the Starter plan on Jan 18, 2030')).toBeVisible();
    expect(dialog.getByRole('radio', { name: /^Starter/ })).toHaveAccessibleDescription(
      'Chosen: the service moves to it on Jan 18, 2030',
    );
    await user.click(dialog.getByRole('button', { name: 'Keep Enterprise mysite.com' }));
    expect(api.writes.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/services/h1/pending-plan' });
  });

  it('offers no change for a suspended service', async () => {
    api.on('/api/hosting', () => page([starter({ status: 'suspended' })]));
    const user = userEvent.setup();
    await renderWithRouter(<Harness />, ns);
    await user.click(screen.getByRole('button', { name: 'open manage' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Manage mysite.com' }));
    expect(await dialog.findByText('Only an active service can change its plan.')).toBeVisible();
    expect(dialog.queryByRole('radio')).not.toBeInTheDocument();
  });
});
