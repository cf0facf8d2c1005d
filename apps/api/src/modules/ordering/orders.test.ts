import { randomUUID } from 'node:crypto';
import { addMonths, ADMIN_ROLE, BILLING_ROLE, SUPPORT_ROLE } from '@hostpilot/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp, type TestContext } from '../../test/helpers';
import { type Customer, credit, moneyRows, signUpCustomer, withKey } from '../../test/customer';
import { pdfPages } from '../../test/documents';
import { ADMIN_TEST_ENV, staffSession } from '../../test/admin';
import type { Session } from '../../test/auth';
import { waitForMail } from '../../test/mail';
import { expectMoneyInvariants } from '../../test/money-invariants';
import { balanceOf } from '../billing';

const GOOD_CARD = '4242 4242 4242 4242';
const HOSTING = { kind: 'hosting', planId: 'business', months: 12, location: 'frankfurt' } as const;
// business $5.99 × 12, a .com for two years at $9.99
const HOSTING_CENTS = 7188;

async function addServer(app: App, options: { location: string; type: string; capacity: number; status?: string }) {
  const id = randomUUID();
  const now = Date.now();
  await app.database.db
    .insertInto('servers')
    .values({
      id,
      name: `srv-${id.slice(0, 8)}`,
      location: options.location as never,
      type: options.type as never,
      ip: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      status: (options.status ?? 'active') as never,
      cpuModel: 'Test CPU',
      cpuCores: 8,
      ramGb: 32,
      storageGb: 1000,
      bandwidthGbps: 1,
      capacity: options.capacity,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

async function holdDomain(app: App, userId: string, name: string) {
  const now = Date.now();
  const id = randomUUID();
  await app.database.db
    .insertInto('domains')
    .values({
      id,
      userId,
      name,
      tld: name.slice(name.indexOf('.')),
      status: 'active',
      registeredAt: now,
      expiresAt: now + 365 * 86_400_000,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

const unique = (label: string) => `${label}${randomUUID().slice(0, 8)}`;

describe('ordering', () => {
  let ctx: TestContext;
  let admin: Session;
  let adminHeaders: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestApp({ ...ADMIN_TEST_ENV, DEMO_MODE: 'true' });
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    adminHeaders = { authorization: `Bearer ${admin.access_token}` };
    await addServer(ctx.app, { location: 'frankfurt', type: 'shared', capacity: 1000 });
    await addServer(ctx.app, { location: 'london', type: 'vds', capacity: 1000 });
  });
  afterAll(async () => ctx.close());
  // Every scenario leaves the books balanced (decision 043).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  const quote = (lines: unknown[]) => ctx.app.inject({ method: 'POST', url: '/api/orders/quote', payload: { lines } });
  const place = (customer: Customer, lines: unknown[], expectedTotal: number, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: withKey(customer, key),
      payload: { lines, expectedTotal },
    });
  const pay = (customer: Customer, id: string, body: unknown, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/pay`,
      headers: withKey(customer, key),
      payload: body as object,
    });
  const setApproval = (requireApproval: boolean) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/orders/settings',
      headers: adminHeaders,
      payload: { requireApproval },
    });
  const adminPost = (url: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: adminHeaders, ...(payload ? { payload } : {}) });

  describe('POST /api/orders/quote', () => {
    it('prices every line from the catalogue, with no sign-in, ignoring a price the browser sends', async () => {
      const domain = `${unique('quote')}.com`;
      const response = await quote([
        { ...HOSTING, domain, price: 0.01, unitPrice: { amountMinor: 1 } },
        { kind: 'domain', domain, months: 24, price: 1 },
        { kind: 'extra', planId: 'ssl', months: 12, domain },
        { kind: 'game', planId: 'cs2-basic', game: 'cs2', months: 3, location: 'london' },
      ]);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.valid).toBe(true);
      expect(body.lines[0]).toMatchObject({
        name: 'Business',
        unit: 'month',
        unitPrice: { amountMinor: 599 },
        periodPrice: { amountMinor: HOSTING_CENTS },
        lineTotal: { amountMinor: HOSTING_CENTS },
        errors: {},
      });
      // Business for 12 months includes the domain's first year (docs/decisions/052-money-journeys.md).
      expect(body.lines[1]).toMatchObject({
        unit: 'year',
        unitPrice: { amountMinor: 999 },
        periodPrice: { amountMinor: 1998 },
        discount: { amountMinor: 999 },
        lineTotal: { amountMinor: 999 },
      });
      expect(body.lines[2]).toMatchObject({ unit: 'year', lineTotal: { amountMinor: 2999 } });
      expect(body.lines[3]).toMatchObject({ lineTotal: { amountMinor: 2997 } });
      expect(body.total).toEqual({ amountMinor: HOSTING_CENTS + 999 + 2999 + 2997, currency: 'USD' });
    });

    it('names each bad choice of a line: unknown plan, period, city or game; a missing domain', async () => {
      const body = (
        await quote([
          { kind: 'hosting', planId: 'nope', months: 12, location: 'frankfurt' },
          { kind: 'hosting', planId: 'starter', months: 5, location: 'frankfurt' },
          { kind: 'vds', planId: 'vds-pro', months: 1, location: 'atlantis' },
          { kind: 'game', planId: 'cs2-basic', months: 1, location: 'london', game: 'minecraft' },
          { kind: 'game', planId: 'cs2-basic', months: 1, location: 'london', game: 'tetris' },
          { kind: 'extra', planId: 'ssl', months: 1 },
          { kind: 'domain', domain: 'fine-name.com', months: 7 },
        ])
      ).json();
      expect(body.valid).toBe(false);
      expect(body.lines.map((l: { errors: object }) => l.errors)).toEqual([
        { planId: 'validation.orderPlan' },
        { months: 'validation.period' },
        { location: 'validation.orderLocation' },
        { game: 'validation.orderGame' },
        { game: 'validation.orderGame' },
        { months: 'validation.period', domain: 'validation.orderDomainRequired' },
        { months: 'validation.period' },
      ]);
      expect(body.lines[0].unitPrice).toBeNull();
      expect(body.total.amountMinor).toBe(0);
    });

    it('refuses a domain registered or reserved, misspelt, or twice in the cart', async () => {
      const other = await signUpCustomer(ctx.app);
      const taken = `${unique('taken')}.net`;
      await holdDomain(ctx.app, other.userId, taken);
      const free = `${unique('free')}.io`;
      const body = (
        await quote([
          { kind: 'domain', domain: taken, months: 12 },
          { kind: 'domain', domain: 'example.com', months: 12 },
          { kind: 'domain', domain: '-bad-.com', months: 12 },
          { kind: 'domain', domain: free, months: 12 },
          { kind: 'domain', domain: free.toUpperCase(), months: 12 },
        ])
      ).json();
      expect(body.lines.map((l: { errors: { domain?: string } }) => l.errors.domain)).toEqual([
        'validation.domainRegistered',
        'validation.domainReserved',
        'validation.domainHyphenEdge',
        undefined,
        'validation.domainInCartTwice',
      ]);
    });

    it('refuses a malformed cart with 400', async () => {
      expect((await quote([])).statusCode).toBe(400);
      expect((await quote([{ kind: 'spaceship', months: 1 }])).json().error.fields['lines.0.kind'].code).toBe(
        'validation.orderKind',
      );
    });
  });

  describe('placing and paying', () => {
    it('needs a sign-in to place an order', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': randomUUID() },
        payload: { lines: [HOSTING], expectedTotal: HOSTING_CENTS },
      });
      expect(response.statusCode).toBe(401);
    });

    it('answers CART_CHANGED when the total the customer saw differs, writing nothing', async () => {
      const customer = await signUpCustomer(ctx.app);
      const response = await place(customer, [HOSTING], HOSTING_CENTS - 1);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('CART_CHANGED');
      expect(await moneyRows(ctx.app, customer.userId)).toMatchObject({ invoices: 0 });
      const orders = await ctx.app.database.db
        .selectFrom('orders')
        .where('userId', '=', customer.userId)
        .selectAll()
        .execute();
      expect(orders).toHaveLength(0);
    });

    it("answers a bad line under lines.N.field, and an attached domain that is not the customer's", async () => {
      const customer = await signUpCustomer(ctx.app);
      const bad = await place(customer, [HOSTING, { ...HOSTING, location: 'mars' }], 0);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields['lines.1.location'].code).toBe('validation.orderLocation');
      const other = await signUpCustomer(ctx.app);
      const theirs = `${unique('theirs')}.org`;
      await holdDomain(ctx.app, other.userId, theirs);
      const attached = await place(customer, [{ ...HOSTING, domain: theirs }], HOSTING_CENTS);
      expect(attached.statusCode).toBe(400);
      expect(attached.json().error.fields['lines.0.domain'].code).toBe('validation.orderDomainNotOwned');
    });

    it('places an order with one invoice line per item, numbered, and another customer cannot see it', async () => {
      const customer = await signUpCustomer(ctx.app);
      const domain = `${unique('shop')}.com`;
      const response = await place(
        customer,
        [
          { kind: 'domain', domain, months: 24 },
          { ...HOSTING, domain },
        ],
        999 + HOSTING_CENTS,
      );
      expect(response.statusCode).toBe(201);
      const order = response.json();
      expect(order.number).toMatch(/^ORD-\d{4}-\d{6}$/);
      expect(order.status).toBe('pending_payment');
      // The domain's first year is free with Business for 12 months, on its own invoice line.
      expect(order.total.amountMinor).toBe(999 + HOSTING_CENTS);
      expect(order.invoice).toMatchObject({ status: 'unpaid', total: { amountMinor: 999 + HOSTING_CENTS } });
      const lines = await ctx.app.database.db
        .selectFrom('invoiceLines')
        .selectAll()
        .where('invoiceId', '=', order.invoice.id)
        .orderBy('position')
        .execute();
      expect(lines.map((l) => [l.quantity, l.unitPriceCents, l.amountCents])).toEqual([
        [2, 999, 1998],
        [1, -999, -999],
        [12, 599, HOSTING_CENTS],
      ]);
      expect(JSON.parse(lines[0]!.descriptionParams)).toMatchObject({ order: order.number });
      // The order number is on the invoice a person reads, in both languages.
      for (const [lang, word] of [
        ['en', 'Order'],
        ['ru', 'Заказ'],
      ] as const) {
        const pdf = await ctx.app.inject({
          method: 'GET',
          url: `/api/finance/invoices/${order.invoice.id}/pdf?lang=${lang}`,
          headers: customer.headers,
        });
        expect(pdf.statusCode).toBe(200);
        const [page] = await pdfPages(pdf.rawPayload);
        expect(page).toContain(`${word} ${order.number}`);
      }

      const mine = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: customer.headers });
      expect(mine.statusCode).toBe(200);
      const list = await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: customer.headers });
      expect(list.json()).toMatchObject({ total: 1, items: [{ id: order.id, lineCount: 2 }] });
      const stranger = await signUpCustomer(ctx.app);
      const theirs = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: stranger.headers });
      expect(theirs.statusCode).toBe(404);
      expect((await pay(stranger, order.id, { method: 'balance' })).statusCode).toBe(404);
    });

    it('with approval off, paying from the balance starts the services and registers the domain, once', async () => {
      expect((await setApproval(false)).statusCode).toBe(200);
      const customer = await signUpCustomer(ctx.app);
      await ctx.app.database.db
        .updateTable('users')
        .set({ preferredLanguage: 'ru' })
        .where('id', '=', customer.userId)
        .execute();
      const domain = `${unique('live')}.com`;
      const order = (
        await place(
          customer,
          [
            { kind: 'domain', domain, months: 12 },
            { ...HOSTING, domain },
          ],
          // The domain's one year is free with Business for 12 months.
          HOSTING_CENTS,
        )
      ).json();

      const short = await pay(customer, order.id, { method: 'balance' });
      expect(short.statusCode).toBe(409);
      expect(short.json().error.code).toBe('INSUFFICIENT_FUNDS');

      await credit(ctx.app, customer.userId, 20_000);
      const key = randomUUID();
      const paid = await pay(customer, order.id, { method: 'balance' }, key);
      expect(paid.statusCode).toBe(200);
      const body = paid.json();
      expect(body.order.status).toBe('active');
      expect(body.order.invoice.status).toBe('paid');
      expect(body.balance.amountMinor).toBe(20_000 - HOSTING_CENTS);
      // The same key answers the same; another attempt is refused.
      expect((await pay(customer, order.id, { method: 'balance' }, key)).json()).toEqual(body);
      const twice = await pay(customer, order.id, { method: 'balance' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.code).toBe('ORDER_ALREADY_PAID');
      expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(20_000 - HOSTING_CENTS);

      const db = ctx.app.database.db;
      const service = await db
        .selectFrom('services')
        .selectAll()
        .where('userId', '=', customer.userId)
        .executeTakeFirstOrThrow();
      // Hosting is made by the web-node driver (docs/decisions/055-web-node-agent.md): pending, its create queued;
      // its free certificate is the ACME driver's own queue (docs/decisions/049-certificates-through-acme.md).
      expect(service).toMatchObject({
        kind: 'hosting',
        planId: 'business',
        status: 'pending',
        setupState: 'provisioning',
        domain,
      });
      const tasks = await db
        .selectFrom('provisioningTasks')
        .selectAll()
        .where('resourceId', '=', service.id)
        .orderBy('id')
        .execute();
      expect(tasks.map((t) => [t.driverType, t.operation, t.status])).toEqual([
        ['web-node', 'create', 'pending'],
        ['acme', 'update', 'pending'],
      ]);
      expect(service.serverId).not.toBeNull();
      const server = await db
        .selectFrom('servers')
        .selectAll()
        .where('id', '=', service.serverId!)
        .executeTakeFirstOrThrow();
      expect(server).toMatchObject({ location: 'frankfurt', type: 'shared' });
      expect(service.expiresAt).toBe(addMonths(service.createdAt, 12));
      const registered = await db
        .selectFrom('domains')
        .selectAll()
        .where('name', '=', domain)
        .executeTakeFirstOrThrow();
      expect(registered.userId).toBe(customer.userId);
      expect(registered.expiresAt).toBe(addMonths(registered.registeredAt, 12));
      expect(
        body.order.lines.map((l: { serviceId: string | null; domainId: string | null }) => l.serviceId ?? l.domainId),
      ).toEqual([registered.id, service.id]);

      const mail = await waitForMail(ctx.config, (await emailOf(ctx.app, customer.userId))!, 'order');
      expect(mail.language).toBe('ru');
      expect(mail.subject).toContain(order.number);
      expect(mail.subject).toContain('выполнен');
      const notes = await db.selectFrom('notifications').select('key').where('userId', '=', customer.userId).execute();
      expect(notes.map((n) => n.key)).toEqual(expect.arrayContaining(['orderPlaced', 'orderActive']));
    });

    it('refuses a domain registered meanwhile, taking nothing', async () => {
      await setApproval(false);
      const customer = await signUpCustomer(ctx.app);
      await credit(ctx.app, customer.userId, 5_000);
      const domain = `${unique('race')}.dev`;
      const order = (await place(customer, [{ kind: 'domain', domain, months: 12 }], 999)).json();
      const other = await signUpCustomer(ctx.app);
      await holdDomain(ctx.app, other.userId, domain);
      const before = await moneyRows(ctx.app, customer.userId);
      const response = await pay(customer, order.id, { method: 'balance' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('DOMAIN_UNAVAILABLE');
      expect(await moneyRows(ctx.app, customer.userId)).toEqual(before);
      expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(5_000);
    });

    it('gives the last slot of a city to one of two orders paid at once; the other gets OUT_OF_CAPACITY and keeps its money', async () => {
      await setApproval(false);
      await addServer(ctx.app, { location: 'singapore', type: 'dedicated', capacity: 1 });
      await addServer(ctx.app, { location: 'singapore', type: 'dedicated', capacity: 5, status: 'maintenance' });
      const line = { kind: 'dedicated', planId: 'dedicated-entry', months: 1, location: 'singapore' };
      const buyers = [await signUpCustomer(ctx.app), await signUpCustomer(ctx.app)];
      const orders: { id: string }[] = [];
      for (const buyer of buyers) {
        await credit(ctx.app, buyer.userId, 50_000);
        orders.push((await place(buyer, [line], 9999)).json());
      }
      const answers = await Promise.all(buyers.map((buyer, i) => pay(buyer, orders[i]!.id, { method: 'balance' })));
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const loser = answers.findIndex((a) => a.statusCode === 409);
      expect(answers[loser]!.json().error.code).toBe('OUT_OF_CAPACITY');
      expect(await balanceOf(ctx.app.database.db, buyers[loser]!.userId)).toBe(50_000);
      expect(await balanceOf(ctx.app.database.db, buyers[1 - loser]!.userId)).toBe(50_000 - 9999);
      const loserOrder = await ctx.app.inject({
        method: 'GET',
        url: `/api/orders/${orders[loser]!.id}`,
        headers: buyers[loser]!.headers,
      });
      expect(loserOrder.json()).toMatchObject({
        status: 'pending_payment',
        invoice: { status: 'unpaid' },
        payments: [],
      });
    });
  });

  describe('review in the back office', () => {
    it('with approval on, a card-paid order waits until accepted; every decision is audited', async () => {
      expect((await setApproval(true)).statusCode).toBe(200);
      const customer = await signUpCustomer(ctx.app);
      const order = (
        await place(customer, [{ kind: 'vds', planId: 'vds-pro', months: 3, location: 'london' }], 5997)
      ).json();
      const declined = await pay(customer, order.id, { method: 'test_card', cardNumber: '4000000000000002' });
      expect(declined.statusCode).toBe(402);
      const paid = await pay(customer, order.id, { method: 'test_card', cardNumber: GOOD_CARD });
      expect(paid.statusCode).toBe(200);
      expect(paid.json().order.status).toBe('awaiting_review');
      expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(0);
      const services = () =>
        ctx.app.database.db.selectFrom('services').selectAll().where('userId', '=', customer.userId).execute();
      expect(await services()).toHaveLength(0);

      const waiting = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/orders?status=awaiting_review&pageSize=50',
        headers: adminHeaders,
      });
      expect(waiting.json().items.map((o: { id: string }) => o.id)).toContain(order.id);

      const accepted = await adminPost(`/api/admin/orders/${order.id}/accept`);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ status: 'active', decidedBy: { id: admin.user.id } });
      expect(await services()).toMatchObject([{ kind: 'vds', status: 'active' }]);
      expect((await adminPost(`/api/admin/orders/${order.id}/accept`)).statusCode).toBe(409);
      const audit = await ctx.app.database.db
        .selectFrom('auditLog')
        .selectAll()
        .where('entityId', '=', order.id)
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['order.accept']);
      expect(audit[0]!.actorId).toBe(admin.user.id);
    });

    it('cancelling a paid order refunds it to the balance as a ledger credit; fraud refunds nothing', async () => {
      await setApproval(true);
      const customer = await signUpCustomer(ctx.app);
      await credit(ctx.app, customer.userId, 10_000);
      const order = (await place(customer, [HOSTING], HOSTING_CENTS)).json();
      expect((await pay(customer, order.id, { method: 'balance' })).json().order.status).toBe('awaiting_review');
      const noReason = await adminPost(`/api/admin/orders/${order.id}/cancel`, { reason: '' });
      expect(noReason.statusCode).toBe(400);
      const cancelled = await adminPost(`/api/admin/orders/${order.id}/cancel`, { reason: 'Customer asked' });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({
        status: 'cancelled',
        refund: { amountMinor: HOSTING_CENTS },
        decisionReason: 'Customer asked',
        invoice: { status: 'refunded' },
      });
      expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(10_000);
      const refund = await ctx.app.database.db
        .selectFrom('ledgerEntries')
        .selectAll()
        .where('userId', '=', customer.userId)
        .where('type', '=', 'refund')
        .execute();
      expect(refund.map((r) => r.amountCents)).toEqual([HOSTING_CENTS]);
      expect((await adminPost(`/api/admin/orders/${order.id}/fraud`, { reason: 'Too late' })).statusCode).toBe(409);
      const payAgain = await pay(customer, order.id, { method: 'balance' });
      expect(payAgain.json().error.code).toBe('INVALID_STATE');

      const second = (await place(customer, [HOSTING], HOSTING_CENTS)).json();
      const flagged = await adminPost(`/api/admin/orders/${second.id}/fraud`, { reason: 'Stolen identity' });
      expect(flagged.json()).toMatchObject({ status: 'fraud', refund: null, invoice: { status: 'void' } });
      const actions = await ctx.app.database.db
        .selectFrom('auditLog')
        .select('action')
        .where('entityId', 'in', [order.id, second.id])
        .execute();
      expect(actions.map((a) => a.action).sort()).toEqual(['order.cancel', 'order.fraud']);
    });

    // Issue 26: a refund and a cancellation of the same payment used to both credit it (decision 043).
    const paidForReview = async () => {
      await setApproval(true);
      const customer = await signUpCustomer(ctx.app);
      await credit(ctx.app, customer.userId, 10_000);
      const order = (await place(customer, [HOSTING], HOSTING_CENTS)).json();
      const paid = await pay(customer, order.id, { method: 'balance' });
      expect(paid.json().order.status).toBe('awaiting_review');
      return { customer, orderId: order.id as string, paymentId: paid.json().payment.id as string };
    };
    const refundPayment = (paymentId: string, amount: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${paymentId}/refund`,
        headers: { ...adminHeaders, 'idempotency-key': randomUUID() },
        payload: { amount, reason: 'Refund before the decision', destination: 'balance' },
      });
    const paymentRow = (id: string) =>
      ctx.app.database.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('cancelling an order refunds only what its payment has not had back already', async () => {
      const { customer, orderId, paymentId } = await paidForReview();
      const part = await refundPayment(paymentId, '10.00');
      expect(part.statusCode, part.body).toBe(201);
      const cancelled = await adminPost(`/api/admin/orders/${orderId}/cancel`, { reason: 'Customer asked' });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', refund: { amountMinor: HOSTING_CENTS - 1000 } });
      expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(10_000);
      expect(await paymentRow(paymentId)).toMatchObject({ status: 'refunded', refundedCents: HOSTING_CENTS });

      const full = await paidForReview();
      expect((await refundPayment(full.paymentId, (HOSTING_CENTS / 100).toFixed(2))).statusCode).toBe(201);
      const nothingLeft = await adminPost(`/api/admin/orders/${full.orderId}/cancel`, { reason: 'Customer asked' });
      expect(nothingLeft.statusCode).toBe(200);
      expect(nothingLeft.json()).toMatchObject({ status: 'cancelled', refund: null });
      expect(await balanceOf(ctx.app.database.db, full.customer.userId)).toBe(10_000);
    });

    it("refuses to refund a cancelled order's payment, with a translated 409", async () => {
      const { customer, orderId, paymentId } = await paidForReview();
      expect((await adminPost(`/api/admin/orders/${orderId}/cancel`, { reason: 'Customer asked' })).statusCode).toBe(
        200,
      );
      const refused = await refundPayment(paymentId, '10.00');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.fields.amount.code).toBe('validation.refundOrderCancelled');
      expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(10_000);
    });

    it('a refund and a cancellation at the same moment give the money back once', async () => {
      const { customer, orderId, paymentId } = await paidForReview();
      const [refund, cancel] = await Promise.all([
        refundPayment(paymentId, (HOSTING_CENTS / 100).toFixed(2)),
        adminPost(`/api/admin/orders/${orderId}/cancel`, { reason: 'Customer asked' }),
      ]);
      expect(cancel.statusCode).toBe(200);
      expect([201, 409]).toContain(refund.statusCode);
      expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(10_000);
      expect(await paymentRow(paymentId)).toMatchObject({ status: 'refunded', refundedCents: HOSTING_CENTS });
    });

    it('a bank transfer stays pending, cannot be sent twice, and approval moves the order on', async () => {
      await setApproval(true);
      const customer = await signUpCustomer(ctx.app);
      const order = (await place(customer, [HOSTING], HOSTING_CENTS)).json();
      const transfer = await pay(customer, order.id, { method: 'bank_transfer' });
      expect(transfer.statusCode).toBe(201);
      expect(transfer.json().order.bankTransfer.reference).toBe(order.invoice.number);
      const again = await pay(customer, order.id, { method: 'balance' });
      expect(again.json().error.code).toBe('ORDER_ALREADY_PAID');
      const paymentId = transfer.json().payment.id;
      const approved = await adminPost(`/api/admin/payments/${paymentId}/approve`);
      expect(approved.statusCode).toBe(200);
      const after = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: customer.headers });
      expect(after.json()).toMatchObject({ status: 'awaiting_review', invoice: { status: 'paid' } });
      expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(0);
    });

    it('lists with search, status filter and paging, exports CSV, and checks the permission', async () => {
      const customer = await signUpCustomer(ctx.app);
      const order = (await place(customer, [HOSTING], HOSTING_CENTS)).json();
      const found = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/orders?q=${order.number}`,
        headers: adminHeaders,
      });
      expect(found.json()).toMatchObject({ total: 1, items: [{ id: order.id, customer: { id: customer.userId } }] });
      const paged = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/orders?pageSize=10&page=1&sort=total&order=asc',
        headers: adminHeaders,
      });
      expect(paged.json().pageSize).toBe(10);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/admin/orders?status=shipped', headers: adminHeaders }))
          .statusCode,
      ).toBe(400);

      const csv = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/orders/export?q=${order.number}&lang=en`,
        headers: adminHeaders,
      });
      expect(csv.statusCode).toBe(200);
      const rows = parse(csv.body.replace(/^\uFEFF/, '')) as string[][];
      expect(rows[0]).toEqual(['Order', 'Date', 'Customer', 'E-mail', 'Status', 'Items', 'Total', 'Currency']);
      expect(rows.slice(1)).toEqual([
        [
          order.number,
          expect.any(String),
          expect.any(String),
          expect.any(String),
          'Awaiting payment',
          '1',
          '71.88',
          'USD',
        ],
      ]);

      const support = await staffSession(ctx.app, SUPPORT_ROLE);
      const refused = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/orders',
        headers: { authorization: `Bearer ${support.access_token}` },
      });
      expect(refused.statusCode).toBe(403);
      const billing = await staffSession(ctx.app, BILLING_ROLE);
      const allowed = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/orders/${order.id}`,
        headers: { authorization: `Bearer ${billing.access_token}` },
      });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json().customer.id).toBe(customer.userId);
    });

    it('keeps the approval setting, on by default, and audits its change', async () => {
      const fresh = await createTestApp(ADMIN_TEST_ENV);
      try {
        const staff = await staffSession(fresh.app, ADMIN_ROLE);
        const headers = { authorization: `Bearer ${staff.access_token}` };
        const read = await fresh.app.inject({ method: 'GET', url: '/api/admin/orders/settings', headers });
        expect(read.json()).toEqual({ requireApproval: true });
        const put = await fresh.app.inject({
          method: 'PUT',
          url: '/api/admin/orders/settings',
          headers,
          payload: { requireApproval: false },
        });
        expect(put.json()).toEqual({ requireApproval: false });
        const audit = await fresh.app.database.db
          .selectFrom('auditLog')
          .selectAll()
          .where('action', '=', 'settings.orders.update')
          .execute();
        expect(audit).toHaveLength(1);
        expect(JSON.parse(audit[0]!.after!)).toEqual({ requireApproval: false });
      } finally {
        await fresh.close();
      }
    });
  });
});

async function emailOf(app: App, userId: string) {
  return (await app.database.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email;
}
