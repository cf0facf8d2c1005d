import { randomUUID } from 'node:crypto';
import { UNPAID_ORDER_EXPIRY_DAYS } from '@hostpilot/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../../test/auth';
import { type Customer, credit, signUpCustomer, withKey } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { expectMoneyInvariants } from '../../test/money-invariants';
import { balanceOf } from '../billing';

/**
 * A failed payment leaves one order the customer can pay another way or cancel; an unpaid order expires
 * (docs/decisions/052-money-journeys.md, issue 31 items 1 and 4).
 */

const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';
const COM_CENTS = 999;
const DAY = 24 * 60 * 60 * 1000;

const domainCart = () => [{ kind: 'domain', domain: `unpaid-${randomUUID().slice(0, 8)}.com`, months: 12 }];

function harness(getCtx: () => TestContext) {
  const app = () => getCtx().app;
  const db = () => app().database.db;
  return {
    db,
    place: (customer: Customer, lines: unknown[], expectedTotal = COM_CENTS) =>
      app().inject({
        method: 'POST',
        url: '/api/orders',
        headers: withKey(customer),
        payload: { lines, expectedTotal },
      }),
    pay: (customer: Customer, id: string, body: object) =>
      app().inject({ method: 'POST', url: `/api/orders/${id}/pay`, headers: withKey(customer), payload: body }),
    cancel: (customer: Customer, id: string) =>
      app().inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: customer.headers }),
    get: (customer: Customer, url: string) => app().inject({ method: 'GET', url, headers: customer.headers }),
    ordersOf: (userId: string) => db().selectFrom('orders').selectAll().where('userId', '=', userId).execute(),
    invoice: (id: string) => db().selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    audit: (entityId: string) =>
      db()
        .selectFrom('auditLog')
        .select(['action', 'actorId', 'before', 'after'])
        .where('entityId', '=', entityId)
        .execute(),
    history: (entityId: string) =>
      db()
        .selectFrom('statusHistory')
        .select(['fromStatus', 'toStatus', 'job', 'actorId'])
        .where('entityId', '=', entityId)
        .orderBy('createdAt')
        .execute(),
  };
}

describe(`unpaid orders: retry, pay another way, cancel (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const h = harness(() => ctx);

  beforeAll(async () => {
    ctx = await createTestApp({ DEMO_MODE: 'true' });
  });
  afterAll(async () => ctx.close());
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  it('keeps one order through a refused balance, a declined card and a retried checkout, then pays it by card', async () => {
    const customer = await signUpCustomer(ctx.app);
    const cart = domainCart();
    const placed = await h.place(customer, cart);
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(order).toMatchObject({ status: 'pending_payment', transferPending: false, cancelledBy: null });
    expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(UNPAID_ORDER_EXPIRY_DAYS * DAY);
    expect(order.invoice.dueAt).toBe(order.expiresAt);

    expect((await h.pay(customer, order.id, { method: 'balance' })).json().error.code).toBe('INSUFFICIENT_FUNDS');
    const declined = await h.pay(customer, order.id, { method: 'test_card', cardNumber: DECLINED_CARD });
    expect(declined.statusCode).toBe(402);

    // The checkout again after a reload: a new idempotency key, the same cart: the same order.
    const again = await h.place(customer, cart);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: order.id, number: order.number, invoiceId: order.invoiceId });
    expect(await h.ordersOf(customer.userId)).toHaveLength(1);
    expect(
      await ctx.app.database.db.selectFrom('invoices').where('userId', '=', customer.userId).selectAll().execute(),
    ).toHaveLength(1);

    const paid = await h.pay(customer, order.id, { method: 'test_card', cardNumber: GOOD_CARD });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order.status).toBe('awaiting_review');

    // Once paid, the same cart is a new order.
    const next = await h.place(customer, cart);
    expect(next.statusCode).toBe(201);
    expect(next.json().id).not.toBe(order.id);

    // The card payment is the order's, listed below the charge it paid (newest first), never as a top-up.
    const list = (await h.get(customer, '/api/finance/transactions?pageSize=10')).json();
    const completed = list.items.filter((item: { status: string }) => item.status === 'completed');
    expect(completed.map((item: { description: { key: string } }) => item.description.key)).toEqual([
      'transactions.domainRegistration',
      'transactions.orderPayment',
    ]);
    expect(completed[1].description.params).toMatchObject({ order: order.number, method: 'credit_card' });
    const failed = list.items.find((item: { status: string }) => item.status === 'failed');
    expect(failed.description).toMatchObject({ key: 'transactions.orderPayment', params: { order: order.number } });

    // The statement lists the payment before its charge: the running balance never dips below zero.
    const today = new Date().toISOString().slice(0, 10);
    const csv = (await h.get(customer, `/api/finance/statement?from=${today}&to=${today}&lang=en`)).rawPayload;
    const rows = parse(csv.toString('utf8').replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
    const entries = rows.slice(2, -1);
    expect(entries.map((row) => row[2])).toEqual([
      `Payment for order ${order.number}`,
      expect.stringContaining('.com'),
    ]);
    expect(entries.map((row) => row[6])).toEqual(['9.99', '0.00']);
  });

  it('lets the customer cancel an unpaid order: the invoice is voided, with audit and status history', async () => {
    const customer = await signUpCustomer(ctx.app);
    const other = await signUpCustomer(ctx.app);
    const order = (await h.place(customer, domainCart())).json();
    await h.pay(customer, order.id, { method: 'test_card', cardNumber: DECLINED_CARD });

    expect((await h.cancel(other, order.id)).statusCode).toBe(404);
    const cancelled = await h.cancel(customer, order.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'customer',
      expiresAt: null,
      invoice: { status: 'void' },
      refund: null,
    });
    expect((await h.invoice(order.invoiceId)).status).toBe('void');
    expect(await h.audit(order.id)).toEqual([
      expect.objectContaining({ action: 'order.cancelByCustomer', actorId: customer.userId }),
    ]);
    expect(await h.history(order.id)).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'pending_payment' }),
      expect.objectContaining({ fromStatus: 'pending_payment', toStatus: 'cancelled', actorId: customer.userId }),
    ]);
    expect(await h.history(order.invoiceId)).toEqual([
      expect.objectContaining({ fromStatus: 'unpaid', toStatus: 'void' }),
    ]);
    const list = (await h.get(customer, '/api/orders')).json();
    expect(list.items[0]).toMatchObject({ id: order.id, status: 'cancelled', cancelledBy: 'customer' });

    expect((await h.cancel(customer, order.id)).json().error.code).toBe('INVALID_STATE');
    expect((await h.pay(customer, order.id, { method: 'balance' })).json().error.code).toBe('INVALID_STATE');
    // A cancelled order's cart placed again is a new order.
    expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(0);
  });

  it('refuses to cancel a paid order, and one whose bank transfer waits for staff', async () => {
    const customer = await signUpCustomer(ctx.app);
    await credit(ctx.app, customer.userId, COM_CENTS);
    const paid = (await h.place(customer, domainCart())).json();
    expect((await h.pay(customer, paid.id, { method: 'balance' })).statusCode).toBe(200);
    expect((await h.cancel(customer, paid.id)).json().error.code).toBe('INVALID_STATE');

    const waiting = (await h.place(customer, domainCart())).json();
    expect((await h.pay(customer, waiting.id, { method: 'bank_transfer' })).statusCode).toBe(201);
    const read = (await h.get(customer, `/api/orders/${waiting.id}`)).json();
    expect(read).toMatchObject({ status: 'pending_payment', transferPending: true, expiresAt: null });
    const refused = await h.cancel(customer, waiting.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INVALID_STATE');
    expect((await h.invoice(waiting.invoiceId)).status).toBe('unpaid');
  });

  it('places a changed cart as a new order, leaving the earlier one to be paid, cancelled or to expire', async () => {
    const customer = await signUpCustomer(ctx.app);
    const first = (await h.place(customer, domainCart())).json();
    const second = await h.place(customer, domainCart());
    expect(second.statusCode).toBe(201);
    expect(second.json().id).not.toBe(first.id);
  });
});

describe(`unpaid orders expire after ${UNPAID_ORDER_EXPIRY_DAYS} days (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock(Date.UTC(2031, 2, 1, 9));
  const h = harness(() => ctx);

  beforeAll(async () => {
    ctx = await createTestApp({ DEMO_MODE: 'true' }, { clock });
  });
  afterAll(async () => ctx.close());
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  it('cancels an order unpaid for the stated time and voids its invoice; a pending transfer waits for staff', async () => {
    const customer = await signUpCustomer(ctx.app);
    const unpaid = (await h.place(customer, domainCart())).json();
    await h.pay(customer, unpaid.id, { method: 'test_card', cardNumber: DECLINED_CARD });
    const transfer = (await h.place(customer, domainCart())).json();
    expect((await h.pay(customer, transfer.id, { method: 'bank_transfer' })).statusCode).toBe(201);

    clock.advance(UNPAID_ORDER_EXPIRY_DAYS * DAY - 60_000);
    await ctx.app.scheduler.tick();
    // Read from the database: the customer's access token has long expired by the fake clock.
    const order = (id: string) =>
      h.db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect((await order(unpaid.id)).status).toBe('pending_payment');

    clock.advance(60_000);
    await ctx.app.scheduler.tick();
    expect(await order(unpaid.id)).toMatchObject({ status: 'cancelled', cancelCause: 'expired', decidedBy: null });
    expect((await h.invoice(unpaid.invoiceId)).status).toBe('void');
    expect(await h.audit(unpaid.id)).toEqual([
      expect.objectContaining({ action: 'job.order-expiry.order.expire', actorId: null }),
    ]);
    expect(await h.history(unpaid.id)).toContainEqual(
      expect.objectContaining({ fromStatus: 'pending_payment', toStatus: 'cancelled', job: 'order-expiry' }),
    );
    const notes = await h
      .db()
      .selectFrom('notifications')
      .select('key')
      .where('userId', '=', customer.userId)
      .execute();
    expect(notes.map((n) => n.key)).toContain('orderExpired');

    // The order with a transfer waiting is left for staff to approve or decline.
    expect((await order(transfer.id)).status).toBe('pending_payment');
    expect((await h.invoice(transfer.invoiceId)).status).toBe('unpaid');

    // A second pass changes nothing twice.
    clock.advance(DAY);
    await ctx.app.scheduler.tick();
    expect(await h.audit(unpaid.id)).toHaveLength(1);
  });
});
