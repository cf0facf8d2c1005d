import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDemoMode } from '@/lib/use-demo-mode';
import { customerRoutes } from '@/test/api/customer';
import { serveApi, type TestApi, type TestRequest } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { resetSession } from '@/test/session';
import { PaymentMethodDialog } from './payment-method-dialog';

const VISA = {
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2028,
  holder: 'Ada Lovelace',
  updatedAt: '2026-11-24T10:00:00.000Z',
};
const declined = {
  status: 400,
  body: {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'Validation failed',
      fields: { cardNumber: { code: 'validation.cardDeclined', message: 'declined' } },
    },
  },
};

let api: TestApi;
let saved: typeof VISA | null;

function serve(demo: boolean) {
  api = serveApi({
    ...customerRoutes(),
    '/api/meta': () => ({ demo }),
    '/api/billing/payment-method': (_url: URL, request?: TestRequest) => {
      if (request?.method === 'DELETE') saved = null;
      if (request?.method === 'POST') {
        const body = request.body as { cardNumber: string };
        if (body.cardNumber.replace(/\s/g, '') === '4000000000000002') return declined;
        saved = VISA;
      }
      return { card: saved };
    },
  });
}

beforeEach(() => {
  resetDemoMode();
  saved = null;
  serve(true);
});

afterEach(async () => {
  await resetSession();
});

const ns = { namespaces: ['dashboard'] };

async function open() {
  await renderWithRouter(<PaymentMethodDialog open onClose={() => undefined} />, ns);
  return within(await screen.findByRole('dialog', { name: 'Payment method' }));
}

describe('Payment method dialog', () => {
  it('checks the card as the API does, shows a declined card on its field, then saves and shows it masked', async () => {
    const user = userEvent.setup();
    const dialog = await open();
    const number = await dialog.findByRole('textbox', { name: 'Card number' });
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(dialog.getByRole('textbox', { name: 'Expiry month' })).toHaveAttribute('autocomplete', 'cc-exp-month');
    expect(dialog.getByRole('textbox', { name: 'Expiry year' })).toHaveAttribute('autocomplete', 'cc-exp-year');

    await user.type(number, '4242 4242 4242 4241');
    await user.type(dialog.getByRole('textbox', { name: 'Expiry month' }), '13');
    await user.type(dialog.getByRole('textbox', { name: 'Expiry year' }), '28');
    await user.type(dialog.getByRole('textbox', { name: 'Name on the card' }), 'A');
    await user.click(dialog.getByRole('button', { name: 'Save card' }));
    expect(await dialog.findByText('Invalid card number')).toBeVisible();
    expect(dialog.getByText('Enter a month from 1 to 12')).toBeVisible();
    expect(dialog.getByText('Enter the name on the card, 2 to 100 characters')).toBeVisible();
    expect(api.writes).toHaveLength(0);

    await user.clear(number);
    await user.type(number, '4000 0000 0000 0002');
    const month = dialog.getByRole('textbox', { name: 'Expiry month' });
    await user.clear(month);
    await user.type(month, '12');
    await user.type(dialog.getByRole('textbox', { name: 'Name on the card' }), 'da Lovelace');
    await user.click(dialog.getByRole('button', { name: 'Save card' }));
    expect(await dialog.findByText('The card was declined; try another card')).toBeVisible();
    expect(api.writes[0]!.body).toEqual({
      cardNumber: '4000 0000 0000 0002',
      expMonth: '12',
      expYear: '2028',
      holder: 'Ada Lovelace',
    });

    await user.clear(number);
    await user.type(number, '4242 4242 4242 4242');
    await user.click(dialog.getByRole('button', { name: 'Save card' }));
    expect(await dialog.findByText('Visa •••• 4242, expires 12/28')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Replace card' })).toBeVisible();
  });

  it('shows the saved card with Replace and Remove, and removes it', async () => {
    saved = VISA;
    const user = userEvent.setup();
    const dialog = await open();
    expect(await dialog.findByText('Visa •••• 4242, expires 12/28')).toBeVisible();
    expect(dialog.getByText('Name on the card: Ada Lovelace')).toBeVisible();

    await user.click(dialog.getByRole('button', { name: 'Replace card' }));
    expect(await dialog.findByRole('textbox', { name: 'Card number' })).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    await user.click(await dialog.findByRole('button', { name: 'Remove card' }));
    await vi.waitFor(() => expect(api.writes.map((w) => w.method)).toEqual(['DELETE']));
    expect(await dialog.findByText('The card was removed. Renewals are paid from your balance only.')).toBeVisible();
    expect(dialog.queryByText(/•••• 4242/)).toBeNull();
  });

  it('says card payments are not available outside demo mode, and offers no form', async () => {
    serve(false);
    const dialog = await open();
    expect(await dialog.findByText('Card payments are not available on this site yet')).toBeVisible();
    expect(dialog.queryByRole('textbox', { name: 'Card number' })).toBeNull();
  });
});
