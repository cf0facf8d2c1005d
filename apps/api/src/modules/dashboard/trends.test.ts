import { randomUUID } from 'node:crypto';
import { ADMIN_ROLE, BILLING_ROLE, CURRENCY, DEFAULT_AUTOMATION_SETTINGS, SUPPORT_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, getAs, staffSession } from '../../test/admin';
import { fakeClock, register, newAccount, type Session } from '../../test/auth';
import { addDomain, addService, type Customer, signUpCustomer, withKey } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { testCardVault } from '../billing';
import { JOBS } from '../scheduler';

const DAY = 86_400_000;
/** Noon (UTC) of a fixed day: every row below is placed on a known day before it. */
const NOW = Date.UTC(2030, 4, 20, 12);
const TODAY = Date.UTC(2030, 4, 20);

/**
 * The charts' data (docs/decisions/054-charts-and-the-look-of-a-brand.md): the back office's figures by day and
 * the customer's spending by month and usage by day, each compared with rows placed on known days; the first-run
 * checklist read from the account's state.
 */
describe(`charts and the first-run checklist (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let admin: Session;
  const clock = fakeClock(NOW);

  beforeAll(async () => {
    ctx = await createTestApp(ADMIN_TEST_ENV, { clock });
    admin = await staffSession(ctx.app, ADMIN_ROLE);
  }, 60_000);

  afterAll(async () => {
    await ctx.close();
  });

  const db = () => ctx.app.database.db;
  const bearer = (session: Session) => ({ authorization: `Bearer ${session.access_token}` });
  const getJson = async (url: string, headers: Record<string, string>) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  async function payment(userId: string, amountCents: number, completedAt: number, status = 'completed') {
    await db()
      .insertInto('payments')
      .values({
        id: randomUUID(),
        userId,
        invoiceId: null,
        method: 'credit_card',
        status: status as 'completed',
        amountCents,
        declineReason: null,
        idempotencyKey: null,
        providerReference: null,
        createdAt: completedAt,
        updatedAt: completedAt,
        completedAt,
      })
      .execute();
  }

  async function ticket(userId: string, createdAt: number) {
    const id = randomUUID();
    await db()
      .insertInto('tickets')
      .values({
        id,
        number: Math.floor(Math.random() * 1_000_000_000),
        userId,
        subject: 'Help',
        department: 'general',
        priority: 'low',
        status: 'open',
        assignedTo: null,
        createdAt,
        updatedAt: createdAt,
        closedAt: null,
      })
      .execute();
  }

  describe('GET /api/admin/overview/trends', () => {
    it('groups each figure by UTC day, oldest first, ending today', async () => {
      const customer = await signUpCustomer(ctx.app);
      const other = await signUpCustomer(ctx.app);
      await db()
        .updateTable('users')
        .set({ createdAt: TODAY - 2 * DAY + 5 })
        .where('id', 'in', [customer.userId, other.userId])
        .execute();
      // Two payments on day -3, one today, one failed today (not revenue), one 40 days ago (outside 30 days).
      await payment(customer.userId, 1000, TODAY - 3 * DAY + 1);
      await payment(other.userId, 2599, TODAY - 3 * DAY + DAY - 1);
      await payment(customer.userId, 499, TODAY + 60_000);
      await payment(customer.userId, 7777, TODAY + 60_000, 'failed');
      await payment(customer.userId, 9999, TODAY - 40 * DAY);
      await ticket(customer.userId, TODAY - DAY);
      await ticket(other.userId, TODAY - DAY + 3600_000);
      await ticket(other.userId, TODAY);
      // An order placed through the API, then dated yesterday.
      const lines = [{ kind: 'domain', domain: `trend-${randomUUID().slice(0, 8)}.com`, months: 12 }];
      const quote = await ctx.app.inject({ method: 'POST', url: '/api/orders/quote', payload: { lines } });
      const placed = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: withKey(customer),
        payload: { lines, expectedTotal: quote.json().total.amountMinor },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      await db()
        .updateTable('orders')
        .set({ createdAt: TODAY - DAY })
        .execute();
      // Server samples: none before today, two today (mean 30 %).
      await db()
        .insertInto('servers')
        .values({
          id: 'trend-srv',
          name: 'e2e-trend',
          location: 'london',
          type: 'shared',
          ip: '10.9.9.9',
          status: 'active',
          cpuModel: 'x',
          cpuCores: 4,
          ramGb: 8,
          storageGb: 100,
          bandwidthGbps: 1,
          capacity: 10,
          createdAt: NOW,
          updatedAt: NOW,
        })
        .execute();
      for (const [at, cpu] of [
        [TODAY + 1000, 20],
        [TODAY + 2000, 40],
      ] as const) {
        await db()
          .insertInto('serverUsageSamples')
          .values({
            serverId: 'trend-srv',
            takenAt: at,
            cpuPercent: cpu,
            memoryPercent: 1,
            storagePercent: 1,
            bandwidthPercent: 1,
            up: 1,
          })
          .execute();
      }

      const { days } = await getJson('/api/admin/overview/trends?days=7', bearer(admin));
      expect(days).toHaveLength(7);
      expect(days[0].day).toBe('2030-05-14');
      expect(days[6].day).toBe('2030-05-20');
      const on = (offset: number) => days[6 - offset];
      expect(on(3).revenue).toEqual({ amountMinor: 3599, currency: CURRENCY });
      expect(on(0).revenue).toEqual({ amountMinor: 499, currency: CURRENCY });
      expect(on(1).revenue.amountMinor).toBe(0);
      expect(on(2).newCustomers).toBe(2);
      expect(days.reduce((sum: number, d: { newCustomers: number }) => sum + d.newCustomers, 0)).toBe(2);
      expect(on(1).tickets).toBe(2);
      expect(on(0).tickets).toBe(1);
      expect(on(1).orders).toBe(1);
      expect(on(0).serverLoadPercent).toBe(30);
      expect(on(1).serverLoadPercent).toBeNull();

      const month = await getJson('/api/admin/overview/trends', bearer(admin));
      expect(month.days).toHaveLength(30);
      expect(
        month.days.reduce((sum: number, d: { revenue: { amountMinor: number } }) => sum + d.revenue.amountMinor, 0),
      ).toBe(4098);
    });

    it('needs overview.read: every staff role has it, a customer is refused, a bad period is a 400', async () => {
      for (const role of [SUPPORT_ROLE, BILLING_ROLE]) {
        const staff = await staffSession(ctx.app, role);
        expect((await getAs(ctx.app, '/api/admin/overview/trends', staff)).statusCode).toBe(200);
      }
      const { session } = await register(ctx.app, newAccount());
      expect((await getAs(ctx.app, '/api/admin/overview/trends', session)).statusCode).toBe(403);
      expect((await getAs(ctx.app, '/api/admin/overview/trends')).statusCode).toBe(401);
      const bad = await getAs(ctx.app, '/api/admin/overview/trends?days=8', admin);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('GET /api/dashboard/trends', () => {
    let customer: Customer;
    beforeAll(async () => {
      customer = await signUpCustomer(ctx.app);
    });

    async function entry(userId: string, type: string, amountCents: number, createdAt: number) {
      await db()
        .insertInto('ledgerEntries')
        .values({
          id: randomUUID(),
          userId,
          type,
          amountCents,
          descriptionKey: 'transactions.adjustment',
          actorId: null,
          paymentId: null,
          invoiceId: null,
          serviceId: null,
          domainId: null,
          createdAt,
        })
        .execute();
    }

    it("adds up the month's charges (not top-ups or adjustments) over the last 12 months", async () => {
      await entry(customer.userId, 'topup', 5000, Date.UTC(2030, 4, 2));
      await entry(customer.userId, 'service_purchase', -999, Date.UTC(2030, 4, 2));
      await entry(customer.userId, 'domain_registration', -1299, Date.UTC(2030, 4, 1));
      await entry(customer.userId, 'hosting_renewal', -499, Date.UTC(2030, 3, 30, 23, 59));
      await entry(customer.userId, 'plan_change', 200, Date.UTC(2030, 3, 10));
      await entry(customer.userId, 'adjustment', -300, Date.UTC(2030, 3, 10));
      await entry(customer.userId, 'domain_renewal', -1000, Date.UTC(2029, 5, 1));
      await entry(customer.userId, 'domain_renewal', -4444, Date.UTC(2029, 4, 31));
      const other = await signUpCustomer(ctx.app);
      await entry(other.userId, 'service_purchase', -555, Date.UTC(2030, 4, 2));

      const { spending } = await getJson('/api/dashboard/trends', customer.headers);
      expect(spending).toHaveLength(12);
      expect(spending[0]).toEqual({ month: '2029-06', amount: { amountMinor: 1000, currency: CURRENCY } });
      expect(spending[11]).toEqual({ month: '2030-05', amount: { amountMinor: 2298, currency: CURRENCY } });
      expect(spending[10]).toEqual({ month: '2030-04', amount: { amountMinor: 299, currency: CURRENCY } });
      expect(spending.slice(1, 10).every((m: { amount: { amountMinor: number } }) => m.amount.amountMinor === 0)).toBe(
        true,
      );
    });

    it("adds up the hosting's daily samples, which the scheduler writes once a day", async () => {
      const first = await addService(ctx.app, customer.userId);
      const second = await addService(ctx.app, customer.userId);
      await db()
        .updateTable('services')
        .set({ storageUsedMb: 100, bandwidthUsedMb: 1000 })
        .where('id', '=', first)
        .execute();
      await db()
        .updateTable('services')
        .set({ storageUsedMb: 50, bandwidthUsedMb: 10 })
        .where('id', '=', second)
        .execute();
      const context = {
        db: db(),
        settings: DEFAULT_AUTOMATION_SETTINGS,
        mails: [],
        cardVault: testCardVault(() => false),
      };
      await JOBS['server-samples']({ ...context, now: NOW - DAY });
      await db().updateTable('services').set({ storageUsedMb: 60 }).where('id', '=', second).execute();
      await JOBS['server-samples']({ ...context, now: NOW });
      // The same day again: the day's latest figure wins, still one row a service.
      await db().updateTable('services').set({ storageUsedMb: 70 }).where('id', '=', second).execute();
      await JOBS['server-samples']({ ...context, now: NOW + 3600_000 });

      const { usage } = await getJson('/api/dashboard/trends', customer.headers);
      expect(usage).toHaveLength(30);
      expect(usage[29]).toEqual({ day: '2030-05-20', storageUsedMb: 170, bandwidthUsedMb: 1010 });
      expect(usage[28]).toEqual({ day: '2030-05-19', storageUsedMb: 150, bandwidthUsedMb: 1010 });
      expect(usage[27]).toEqual({ day: '2030-05-18', storageUsedMb: null, bandwidthUsedMb: null });
      const other = await signUpCustomer(ctx.app);
      const theirs = await getJson('/api/dashboard/trends', other.headers);
      expect(theirs.usage.every((d: { storageUsedMb: number | null }) => d.storageUsedMb === null)).toBe(true);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/dashboard/trends' })).statusCode).toBe(401);
    });
  });

  describe('the first-run checklist', () => {
    it('ticks each step from the account and stays put away once dismissed', async () => {
      const { session } = await register(ctx.app, newAccount());
      const headers = bearer(session);
      const read = () => getJson('/api/dashboard/getting-started', headers);
      expect(await read()).toEqual({
        steps: { verifyEmail: false, firstOrder: false, pointDomain: false, uploadSite: false },
        dismissed: false,
      });
      await db().updateTable('users').set({ emailVerifiedAt: NOW }).where('id', '=', session.user.id).execute();
      const hosting = await addService(ctx.app, session.user.id);
      expect((await read()).steps).toEqual({
        verifyEmail: true,
        firstOrder: true,
        pointDomain: false,
        uploadSite: false,
      });
      const domain = await addDomain(ctx.app, session.user.id);
      await db()
        .updateTable('domains')
        .set({ nameservers: JSON.stringify(['ns1.elsewhere.example']) })
        .where('id', '=', domain)
        .execute();
      expect((await read()).steps.pointDomain).toBe(false);
      await addDomain(ctx.app, session.user.id);
      await db().updateTable('services').set({ storageUsedMb: 12 }).where('id', '=', hosting).execute();
      expect((await read()).steps).toEqual({
        verifyEmail: true,
        firstOrder: true,
        pointDomain: true,
        uploadSite: true,
      });

      const dismissed = await ctx.app.inject({
        method: 'POST',
        url: '/api/dashboard/getting-started/dismiss',
        headers,
      });
      expect(dismissed.statusCode, dismissed.body).toBe(200);
      expect(dismissed.json().dismissed).toBe(true);
      expect((await read()).dismissed).toBe(true);
      // Another account's checklist is its own.
      const other = await signUpCustomer(ctx.app);
      expect((await getJson('/api/dashboard/getting-started', other.headers)).dismissed).toBe(false);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/dashboard/getting-started/dismiss' })).statusCode).toBe(
        401,
      );
    });
  });
});
