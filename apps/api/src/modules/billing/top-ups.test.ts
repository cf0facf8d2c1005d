import { invoiceNumber, TEST_CARD_DECLINED_NUMBER } from '@hostpilot/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectMoneyInvariants } from '../../test/money-invariants';
import { createTestApp, type TestContext } from '../../test/helpers';
import { type Customer, moneyRows, signUpCustomer, withKey } from '../../test/customer';
import { balanceOf } from './ledger';
import { settleBankTransfer } from './settle-bank-transfer';

const GOOD_CARD = '4242 4242 4242 4242';

describe('POST /api/finance/top-ups', () => {
  let ctx: TestContext;
  let customer: Customer;

  beforeAll(async () => {
    ctx = await createTestApp({ DEMO_MODE: 'true' });
    customer = await signUpCustomer(ctx.app);
  });
  afterAll(async () => ctx.close());
  // Every scenario leaves the books balanced (docs/decisions/043-refunds-and-due-dates.md).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  const topUp = (body: unknown, headers: Record<string, string> = withKey(customer)) =>
    ctx.app.inject({ method: 'POST', url: '/api/finance/top-ups', headers, payload: body as object });

  it('credits the balance once with the test card, and a retry with the same key answers the same', async () => {
    const headers = withKey(customer);
    const body = { method: 'test_card', amount: '25.50', cardNumber: GOOD_CARD };
    const first = await topUp(body, headers);
    expect(first.statusCode).toBe(201);
    const answer = first.json();
    expect(answer.payment).toMatchObject({ method: 'credit_card', status: 'completed', amount: { amountMinor: 2550 } });
    expect(answer.balance).toEqual({ amountMinor: 2550, currency: 'USD' });
    expect(answer.invoice).toBeNull();

    const again = await Promise.all([topUp(body, headers), topUp(body, headers)]);
    for (const response of again) {
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual(answer);
    }
    expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(2550);
    const rows = await moneyRows(ctx.app, customer.userId);
    expect(rows).toMatchObject({ ledger: 1, payments: 1, notifications: 1, activity: 1 });
  });

  it('refuses the same key with another body (409), moving nothing', async () => {
    const headers = withKey(customer);
    expect((await topUp({ method: 'test_card', amount: 10, cardNumber: GOOD_CARD }, headers)).statusCode).toBe(201);
    const before = await balanceOf(ctx.app.database.db, customer.userId);
    const reused = await topUp({ method: 'test_card', amount: 11, cardNumber: GOOD_CARD }, headers);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(before);
  });

  it('stores a declined card as a failed payment and answers 402, also on a retry', async () => {
    const before = await moneyRows(ctx.app, customer.userId);
    const balance = await balanceOf(ctx.app.database.db, customer.userId);
    const headers = withKey(customer);
    const body = { method: 'test_card', amount: 40, cardNumber: TEST_CARD_DECLINED_NUMBER };
    for (let i = 0; i < 2; i += 1) {
      const response = await topUp(body, headers);
      expect(response.statusCode).toBe(402);
      expect(response.json().error.code).toBe('PAYMENT_DECLINED');
    }
    const after = await moneyRows(ctx.app, customer.userId);
    expect(after.payments).toBe(before.payments + 1);
    expect(after.ledger).toBe(before.ledger);
    expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(balance);
    const failed = await ctx.app.database.db
      .selectFrom('payments')
      .selectAll()
      .where('userId', '=', customer.userId)
      .where('status', '=', 'failed')
      .executeTakeFirstOrThrow();
    expect(failed.declineReason).toBe('card_declined');
  });

  it.each([
    ['negative', -5, 'validation.amountFormat'],
    ['zero', 0, 'validation.amountMin'],
    ['below the minimum', '4.99', 'validation.amountMin'],
    ['above the maximum', '10000.01', 'validation.amountMax'],
    ['three decimals', '10.005', 'validation.amountFormat'],
    ['three decimals as a number', 10.005, 'validation.amountFormat'],
    ['not a number', 'ten', 'validation.amountFormat'],
    ['missing', undefined, 'validation.amountFormat'],
  ])('refuses an amount that is %s (400 by field), writing nothing', async (_name, amount, code) => {
    const before = await moneyRows(ctx.app, customer.userId);
    const response = await topUp({ method: 'test_card', amount, cardNumber: GOOD_CARD });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.amount.code).toBe(code);
    expect(await moneyRows(ctx.app, customer.userId)).toEqual(before);
  });

  it('refuses a bad card number, an unknown method and a missing or malformed idempotency key', async () => {
    const card = await topUp({ method: 'test_card', amount: 10, cardNumber: '4242 4242 4242 4241' });
    expect(card.json().error.fields.cardNumber.code).toBe('validation.cardNumber');
    const method = await topUp({ method: 'cash', amount: 10 });
    expect(method.statusCode).toBe(400);
    expect(method.json().error.fields.method.code).toBe('validation.paymentMethod');
    const noKey = await topUp({ method: 'bank_transfer', amount: 10 }, customer.headers);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.fields['idempotency-key'].code).toBe('validation.idempotencyKey');
    const shortKey = await topUp({ method: 'bank_transfer', amount: 10 }, withKey(customer, 'abc'));
    expect(shortKey.statusCode).toBe(400);
  });

  it('needs a sign-in', async () => {
    const response = await topUp({ method: 'bank_transfer', amount: 10 }, { 'idempotency-key': 'k'.repeat(20) });
    expect(response.statusCode).toBe(401);
  });

  it('leaves a bank transfer pending with a pro-forma invoice and the bank details; staff settle it once', async () => {
    const balance = await balanceOf(ctx.app.database.db, customer.userId);
    const response = await topUp({ method: 'bank_transfer', amount: '100' });
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer.payment).toMatchObject({
      method: 'bank_transfer',
      status: 'pending',
      amount: { amountMinor: 10_000 },
    });
    expect(answer.invoice).toMatchObject({ status: 'unpaid', total: { amountMinor: 10_000, currency: 'USD' } });
    expect(answer.invoice.number).toMatch(/^INV-\d{4}-\d{4,}$/);
    expect(answer.payment.invoiceId).toBe(answer.invoice.id);
    expect(answer.bankTransfer).toMatchObject({ reference: answer.invoice.number });
    expect(answer.bankTransfer.iban).toBeTruthy();
    expect(answer.balance.amountMinor).toBe(balance);

    const db = ctx.app.database.db;
    const settle = () =>
      settleBankTransfer(db, {
        paymentId: answer.payment.id,
        decision: 'approve',
        actorId: customer.userId,
        now: Date.now(),
      });
    const results = await Promise.allSettled([settle(), settle(), settle()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('INVALID_STATE');
    }
    expect(await balanceOf(db, customer.userId)).toBe(balance + 10_000);
    const invoice = await db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', answer.invoice.id)
      .executeTakeFirstOrThrow();
    expect(invoice.status).toBe('paid');
    const history = await db
      .selectFrom('statusHistory')
      .selectAll()
      .where('entityId', '=', answer.payment.id)
      .execute();
    expect(history.map((h) => h.toStatus)).toEqual(['completed']);
  });

  it('voids the invoice of a declined bank transfer, crediting nothing', async () => {
    const db = ctx.app.database.db;
    const balance = await balanceOf(db, customer.userId);
    const answer = (await topUp({ method: 'bank_transfer', amount: 30 })).json();
    const payment = await settleBankTransfer(db, {
      paymentId: answer.payment.id,
      decision: 'decline',
      reason: 'No transfer arrived',
      actorId: customer.userId,
      now: Date.now(),
    });
    expect(payment).toMatchObject({ status: 'failed', declineReason: 'No transfer arrived' });
    expect(await balanceOf(db, customer.userId)).toBe(balance);
    const invoice = await db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', answer.invoice.id)
      .executeTakeFirstOrThrow();
    expect(invoice.status).toBe('void');
    await expect(
      settleBankTransfer(db, {
        paymentId: answer.payment.id,
        decision: 'approve',
        actorId: customer.userId,
        now: Date.now(),
      }),
    ).rejects.toMatchObject({ code: 'INVALID_STATE' });
    await expect(
      settleBankTransfer(db, { paymentId: 'nope', decision: 'approve', actorId: customer.userId, now: Date.now() }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('numbers invoices one after another within the year', async () => {
    const a = (await topUp({ method: 'bank_transfer', amount: 10 })).json().invoice.number as string;
    const b = (await topUp({ method: 'bank_transfer', amount: 10 })).json().invoice.number as string;
    const [, year, seq] = a.split('-');
    expect(b).toBe(invoiceNumber(Number(year), Number(seq) + 1));
  });
});

describe('the test card outside demo mode', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ DEMO_MODE: 'false' });
  });
  afterAll(async () => ctx.close());
  // Every scenario leaves the books balanced (docs/decisions/043-refunds-and-due-dates.md).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  it('is refused by field, and nothing is written', async () => {
    const customer = await signUpCustomer(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/finance/top-ups',
      headers: withKey(customer),
      payload: { method: 'test_card', amount: 10, cardNumber: GOOD_CARD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.method.code).toBe('validation.paymentMethodUnavailable');
    expect((await moneyRows(ctx.app, customer.userId)).payments).toBe(0);
  });
});
