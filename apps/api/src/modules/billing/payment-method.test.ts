import { findServicePlan, TEST_CARD_DECLINED_NUMBER, toCents } from '@hostpilot/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectMoneyInvariants } from '../../test/money-invariants';
import { fakeClock } from '../../test/auth';
import { addService, credit, type Customer, signUpCustomer } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { balanceOf } from './ledger';

/**
 * The saved card for renewals (docs/decisions/038-saved-card-for-renewals.md): saving through the test card
 * provider (demo mode only), what is kept (never the full number), isolation, and auto-renew charging the
 * balance's shortfall to the card once, or telling the customer the card failed.
 */

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2030, 0, 1, 3);
const STARTER = toCents(findServicePlan('hosting', 'starter')!.price);
const GOOD_CARD = '4242 4242 4242 4242';
const CARD = { cardNumber: GOOD_CARD, expMonth: 12, expYear: 2032, holder: 'Ada Lovelace' };

describe(`saved card for renewals (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock(T0);

  beforeAll(async () => {
    ctx = await createTestApp({ DEMO_MODE: 'true', RATE_LIMIT_REGISTER_MAX: '1000' }, { clock });
  });
  afterAll(async () => ctx.close());
  // Every scenario leaves the books balanced (docs/decisions/043-refunds-and-due-dates.md).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  const db = () => ctx.app.database.db;
  const save = (customer: Customer | null, body: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/billing/payment-method',
      headers: customer?.headers ?? {},
      payload: body as object,
    });
  const read = (customer: Customer | null) =>
    ctx.app.inject({ method: 'GET', url: '/api/billing/payment-method', headers: customer?.headers ?? {} });
  const remove = (customer: Customer | null) =>
    ctx.app.inject({ method: 'DELETE', url: '/api/billing/payment-method', headers: customer?.headers ?? {} });
  const cardRow = (userId: string) =>
    db().selectFrom('paymentMethods').selectAll().where('userId', '=', userId).executeTakeFirst();
  const notes = async (userId: string) =>
    (await db().selectFrom('notifications').select('key').where('userId', '=', userId).execute()).map((n) => n.key);

  it('saves a card, answers it masked, and stores no full number', async () => {
    const customer = await signUpCustomer(ctx.app);
    const response = await save(customer, { ...CARD, holder: '  Ada Lovelace ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      card: {
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2032,
        holder: 'Ada Lovelace',
        updatedAt: new Date(T0).toISOString(),
      },
    });
    expect(response.body).not.toContain('4242424242424242');

    const row = await cardRow(customer.userId);
    expect(row).toMatchObject({ brand: 'visa', last4: '4242', holder: 'Ada Lovelace' });
    expect(Number(row!.expMonth)).toBe(12);
    expect(Number(row!.expYear)).toBe(2032);
    expect(row!.token).toMatch(/^test_card_/);
    expect(JSON.stringify(row)).not.toContain('4242424242424242');

    const audit = await db()
      .selectFrom('auditLog')
      .selectAll()
      .where('actorId', '=', customer.userId)
      .where('action', '=', 'paymentMethod.save')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after!)).toEqual({ brand: 'visa', card: '•••• 4242', expires: '12/2032' });
    const activity = await db().selectFrom('activity').selectAll().where('userId', '=', customer.userId).execute();
    expect(activity.map((a) => a.action)).toContain('paymentMethod.saved');
    for (const text of [JSON.stringify(audit), JSON.stringify(activity), ctx.logs()]) {
      expect(text).not.toContain('4242424242424242');
      expect(text).not.toContain('4242 4242 4242 4242');
    }

    expect((await read(customer)).json()).toEqual(response.json());
  });

  it('replaces the one card, and removes it', async () => {
    const customer = await signUpCustomer(ctx.app);
    expect((await save(customer, CARD)).statusCode).toBe(200);
    const replaced = await save(customer, { ...CARD, cardNumber: '5555 5555 5555 4444', expMonth: 3, expYear: 2031 });
    expect(replaced.json().card).toMatchObject({ brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2031 });
    expect(
      await db().selectFrom('paymentMethods').select('id').where('userId', '=', customer.userId).execute(),
    ).toHaveLength(1);

    const removed = await remove(customer);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ card: null });
    expect(await cardRow(customer.userId)).toBeUndefined();
    expect((await read(customer)).json()).toEqual({ card: null });
    expect((await remove(customer)).statusCode).toBe(404);
    const audit = await db()
      .selectFrom('auditLog')
      .select(['action', 'before'])
      .where('actorId', '=', customer.userId)
      .where('action', 'like', 'paymentMethod.%')
      .orderBy('createdAt')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'paymentMethod.remove',
      'paymentMethod.save',
      'paymentMethod.save',
    ]);
    const removal = audit.find((a) => a.action === 'paymentMethod.remove')!;
    expect(JSON.parse(removal.before!)).toEqual({ brand: 'mastercard', card: '•••• 4444', expires: '3/2031' });
  });

  it.each([
    ['a number failing the Luhn check', { cardNumber: '4242 4242 4242 4241' }, 'cardNumber', 'validation.cardNumber'],
    ['an expired card', { expMonth: 12, expYear: 2029 }, 'expYear', 'validation.cardExpired'],
    ['a month of 13', { expMonth: 13 }, 'expMonth', 'validation.cardExpMonth'],
    ['a holder of one letter', { holder: ' A ' }, 'holder', 'validation.cardHolder'],
    ['a holder of 101 letters', { holder: 'A'.repeat(101) }, 'holder', 'validation.cardHolder'],
    ['the declining test number', { cardNumber: TEST_CARD_DECLINED_NUMBER }, 'cardNumber', 'validation.cardDeclined'],
  ])('refuses %s by field and saves nothing', async (_name, change, field, code) => {
    const customer = await signUpCustomer(ctx.app);
    const response = await save(customer, { ...CARD, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.fields[field].code).toBe(code);
    expect(await cardRow(customer.userId)).toBeUndefined();
  });

  it('shows a customer only their own card, and refuses anonymous requests', async () => {
    const owner = await signUpCustomer(ctx.app);
    const other = await signUpCustomer(ctx.app);
    await save(owner, CARD);
    expect((await read(other)).json()).toEqual({ card: null });
    expect((await remove(other)).statusCode).toBe(404);
    expect(await cardRow(owner.userId)).toBeDefined();
    for (const response of [await read(null), await save(null, CARD), await remove(null)]) {
      expect(response.statusCode).toBe(401);
    }
  });

  describe('auto-renew', () => {
    const invoiceOf = (serviceId: string) =>
      db()
        .selectFrom('renewalInvoices')
        .innerJoin('invoices', 'invoices.id', 'renewalInvoices.invoiceId')
        .select(['invoices.id', 'invoices.status', 'invoices.totalCents'])
        .where('renewalInvoices.entityId', '=', serviceId)
        .executeTakeFirstOrThrow();
    const cardPayments = (userId: string) =>
      db()
        .selectFrom('payments')
        .selectAll()
        .where('userId', '=', userId)
        .where('method', '=', 'credit_card')
        .execute();
    const runAutoRenewTwice = async () => {
      expect(await ctx.app.scheduler.runNow('renewal-invoices')).toMatchObject({ outcome: 'succeeded' });
      for (let i = 0; i < 2; i += 1) {
        expect(await ctx.app.scheduler.runNow('auto-renew')).toMatchObject({ outcome: 'succeeded' });
      }
    };

    it('charges exactly the shortfall to the saved card once, then renews', async () => {
      const customer = await signUpCustomer(ctx.app);
      const serviceId = await addService(ctx.app, customer.userId, { expiresAt: clock.now() + 5 * DAY });
      await credit(ctx.app, customer.userId, 100);
      await save(customer, CARD);

      await runAutoRenewTwice();

      const invoice = await invoiceOf(serviceId);
      expect(invoice.status).toBe('paid');
      const payments = await cardPayments(customer.userId);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({ status: 'completed', amountCents: STARTER - 100, invoiceId: invoice.id });
      expect(await balanceOf(db(), customer.userId)).toBe(0);
      const keys = await notes(customer.userId);
      expect(keys.filter((k) => k === 'renewalCardCharged')).toHaveLength(1);
      expect(keys).not.toContain('renewalPaid');
      expect(keys).not.toContain('renewalFundsShort');
      const service = await db()
        .selectFrom('services')
        .select('expiresAt')
        .where('id', '=', serviceId)
        .executeTakeFirstOrThrow();
      expect(Number(service.expiresAt)).toBeGreaterThan(clock.now() + 20 * DAY);
    });

    it('does not touch the card when the balance covers the renewal', async () => {
      const customer = await signUpCustomer(ctx.app);
      const serviceId = await addService(ctx.app, customer.userId, { expiresAt: clock.now() + 5 * DAY });
      await credit(ctx.app, customer.userId, STARTER);
      await save(customer, CARD);
      await runAutoRenewTwice();
      expect((await invoiceOf(serviceId)).status).toBe('paid');
      expect(await cardPayments(customer.userId)).toHaveLength(0);
      expect(await notes(customer.userId)).toContain('renewalPaid');
    });

    it.each([
      ['declined', { token: 'revoked_elsewhere' }, 'card_declined'],
      ['expired', { expYear: 2029 }, 'card_expired'],
    ])('leaves the invoice unpaid when the card is %s, and tells the customer once', async (_name, change, reason) => {
      const customer = await signUpCustomer(ctx.app);
      const serviceId = await addService(ctx.app, customer.userId, { expiresAt: clock.now() + 5 * DAY });
      await save(customer, CARD);
      await db().updateTable('paymentMethods').set(change).where('userId', '=', customer.userId).execute();

      await runAutoRenewTwice();

      expect((await invoiceOf(serviceId)).status).toBe('unpaid');
      const payments = await cardPayments(customer.userId);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({ status: 'failed', declineReason: reason, amountCents: STARTER });
      expect(await balanceOf(db(), customer.userId)).toBe(0);
      const keys = await notes(customer.userId);
      expect(keys.filter((k) => k === 'renewalCardFailed')).toHaveLength(1);
      expect(keys).not.toContain('renewalFundsShort');
      const service = await db()
        .selectFrom('services')
        .select('status')
        .where('id', '=', serviceId)
        .executeTakeFirstOrThrow();
      expect(service.status).toBe('active');
    });
  });
});

describe(`saved card outside demo mode (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ DEMO_MODE: 'false' });
  });
  afterAll(async () => ctx.close());
  // Every scenario leaves the books balanced (docs/decisions/043-refunds-and-due-dates.md).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  it('refuses to save a card: card payments are not available', async () => {
    const customer = await signUpCustomer(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/payment-method',
      headers: customer.headers,
      payload: CARD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.cardNumber.code).toBe('validation.cardPaymentsUnavailable');
    expect(
      await ctx.app.database.db
        .selectFrom('paymentMethods')
        .select('id')
        .where('userId', '=', customer.userId)
        .execute(),
    ).toHaveLength(0);
  });
});
