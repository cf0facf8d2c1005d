import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markEmailVerified, register } from '../../test/auth';
import { addService } from '../../test/customer';
import { createTestApp, type TestContext } from '../../test/helpers';

/**
 * docs/decisions/019-unverified-accounts.md: an account whose e-mail address is not verified may look around,
 * but may not order, pay, add funds, renew or open a ticket; each answers 403 EMAIL_NOT_VERIFIED and writes
 * nothing. Once the address is verified, the same requests go through.
 */
describe('what an unverified account may not do', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ DEMO_MODE: 'true' });
  });
  afterAll(async () => ctx.close());

  const line = { kind: 'hosting', planId: 'starter', months: 1, location: 'london' };

  async function expectedTotal(): Promise<number> {
    const quote = await ctx.app.inject({ method: 'POST', url: '/api/orders/quote', payload: { lines: [line] } });
    return quote.json().total.amountMinor;
  }

  it('refuses ordering, paying, adding funds, renewing and a new ticket with 403 EMAIL_NOT_VERIFIED', async () => {
    const { session } = await register(ctx.app);
    const userId = session.user.id;
    const headers = () => ({ authorization: `Bearer ${session.access_token}`, 'idempotency-key': randomUUID() });
    const serviceId = await addService(ctx.app, userId);
    const total = await expectedTotal();

    const refused = [
      { url: '/api/orders', payload: { lines: [line], expectedTotal: total } },
      { url: `/api/orders/${randomUUID()}/pay`, payload: { method: 'balance' } },
      { url: '/api/finance/top-ups', payload: { method: 'test_card', amount: 10, cardNumber: '4242424242424242' } },
      { url: `/api/services/${serviceId}/renew`, payload: { months: 1 } },
      { url: '/api/tickets', payload: { subject: 'Help me please', message: 'My site is down since this morning.' } },
    ];
    for (const { url, payload } of refused) {
      const answer = await ctx.app.inject({ method: 'POST', url, headers: headers(), payload });
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().error.code, url).toBe('EMAIL_NOT_VERIFIED');
    }
    const db = ctx.app.database.db;
    expect(await db.selectFrom('orders').select('id').where('userId', '=', userId).execute()).toEqual([]);
    expect(await db.selectFrom('payments').select('id').where('userId', '=', userId).execute()).toEqual([]);
    expect(await db.selectFrom('tickets').select('id').where('userId', '=', userId).execute()).toEqual([]);

    // Looking around stays open.
    const orders = await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: headers() });
    expect(orders.statusCode, orders.body).toBe(200);

    // Verified, the same order goes through.
    await markEmailVerified(ctx.app, userId);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: headers(),
      payload: { lines: [line], expectedTotal: total },
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('answers the code in the English message of the error shape', async () => {
    const { session } = await register(ctx.app);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/finance/top-ups',
      headers: { authorization: `Bearer ${session.access_token}`, 'idempotency-key': randomUUID() },
      payload: { method: 'test_card', amount: 10, cardNumber: '4242424242424242' },
    });
    expect(answer.json()).toEqual({
      error: { code: 'EMAIL_NOT_VERIFIED', message: expect.stringContaining('Verify your e-mail address') },
    });
  });
});
