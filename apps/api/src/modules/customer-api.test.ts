import { DEMO_CUSTOMER } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, postJson, register } from '../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../test/helpers';

const DAY = 24 * 60 * 60 * 1000;

/** Every customer endpoint that lists, and every one that reads one row by id. */
const LISTS = [
  '/api/hosting',
  '/api/services',
  '/api/domains',
  '/api/finance/transactions',
  '/api/finance/invoices',
  '/api/tickets',
  '/api/notifications',
] as const;

describe(`customer API (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let demoToken: string;
  let newToken: string;
  const startedAt = Date.now();

  const get = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    ctx = await createTestApp({ SEED_DEMO: 'true', SEED_SCALE: '30' });
    const login = await postJson(ctx.app, '/api/auth/login', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    demoToken = login.json().access_token;
    newToken = (await register(ctx.app, newAccount())).session.access_token;
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('answers 401 in the error shape without a token, for every customer endpoint', async () => {
    for (const url of [
      ...LISTS,
      '/api/dashboard/summary',
      '/api/finance/balance',
      '/api/knowledge/articles',
      '/api/users/me/preferences',
      '/api/hosting/x',
      '/api/domains/x',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  describe('the demo customer', () => {
    it('sees the dashboard sample: 2 hosting, 3 domains, 1 other service, no open ticket', async () => {
      const response = await get('/api/dashboard/summary', demoToken);
      expect(response.statusCode).toBe(200);
      const summary = response.json();
      expect(summary.counts).toEqual({ hosting: 2, domains: 3, services: 1, openTickets: 0 });
      expect(summary.balance).toEqual({ amountMinor: 10104, currency: 'USD' });
      expect(summary.recentActivity).toHaveLength(5);
      expect(summary.notifications).toHaveLength(5);
      expect(summary.unreadNotifications).toBe(2);
      expect(summary.notifications[0]).toMatchObject({ type: 'warning', key: 'domainExpiring', read: false });
    });

    it('has dates relative to today: a service expiring within 14 days, a domain in its grace period', async () => {
      const summary = (await get('/api/dashboard/summary', demoToken)).json();
      const expiring = summary.expiringSoon as { kind: string; name: string; expiresAt: string }[];
      expect(expiring.map((e) => `${e.kind}:${e.name}`)).toEqual([
        'domain:old-project.io',
        'hosting:myblog.net',
        'domain:myblog.net',
      ]);
      const blog = Date.parse(expiring[1]!.expiresAt);
      expect(blog).toBeGreaterThan(startedAt);
      expect(blog).toBeLessThan(startedAt + 14 * DAY);

      const domains = (await get('/api/domains?sort=expiresAt', demoToken)).json();
      expect(domains.items.map((d: { status: string }) => d.status)).toEqual(['graceperiod', 'active', 'active']);
      expect(Date.parse(domains.items[0].expiresAt)).toBeLessThan(startedAt);
      for (const d of domains.items.slice(1)) expect(Date.parse(d.expiresAt)).toBeGreaterThan(startedAt);
    });

    it('lists hosting with usage, plan totals and the server state', async () => {
      const response = await get('/api/hosting?sort=expiresAt&order=desc', demoToken);
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page).toMatchObject({ total: 2, page: 1, pageSize: 10 });
      const [main, blog] = page.items;
      expect(main).toMatchObject({
        kind: 'hosting',
        name: 'Main website',
        domain: 'mysite.com',
        plan: { id: 'business', name: 'Business' },
        status: 'active',
        autoRenew: true,
        price: { amountMinor: 599, currency: 'USD' },
        storage: { usedMb: 23962, totalMb: 51200 },
        bandwidth: { usedMb: 159744, totalMb: null },
      });
      expect(main.server).toMatchObject({ id: 'srv-03', name: 'web-03.fra', location: 'frankfurt', status: 'active' });
      expect(main.server.load.cpuPercent).toBeGreaterThanOrEqual(0);
      expect(main.server.uptimePercent).toBeGreaterThan(90);
      expect(blog).toMatchObject({ name: 'Blog', plan: { id: 'starter' }, storage: { totalMb: 10240 } });
      const one = await get(`/api/hosting/${main.id}`, demoToken);
      expect(one.json()).toEqual(main);
    });

    it('lists the other services, one by id, and filters by kind', async () => {
      const page = (await get('/api/services', demoToken)).json();
      expect(page.total).toBe(1);
      expect(page.items[0]).toMatchObject({ kind: 'extra', plan: { id: 'ssl' }, billingPeriod: 'year', server: null });
      expect((await get(`/api/services/${page.items[0].id}`, demoToken)).statusCode).toBe(200);
      expect((await get('/api/services?kind=vds', demoToken)).json()).toMatchObject({ items: [], total: 0 });
      // A hosting service is not among the "other" services, and the reverse.
      const hosting = (await get('/api/hosting', demoToken)).json().items[0];
      expect((await get(`/api/services/${hosting.id}`, demoToken)).statusCode).toBe(404);
      expect((await get(`/api/hosting/${page.items[0].id}`, demoToken)).statusCode).toBe(404);
    });

    it('reads a domain with its DNS records', async () => {
      const list = (await get('/api/domains?q=mysite', demoToken)).json();
      expect(list.total).toBe(1);
      expect(list.items[0]).toMatchObject({ name: 'mysite.com', tld: '.com', dnsRecordCount: 4, transferLock: true });
      const detail = (await get(`/api/domains/${list.items[0].id}`, demoToken)).json();
      expect(detail.dnsRecords.map((r: { type: string }) => r.type).sort()).toEqual(['A', 'CNAME', 'MX', 'TXT']);
      expect(detail.nameservers).toEqual(['ns1.hostpilot.example', 'ns2.hostpilot.example']);
    });

    it('has a balance that is the sum of the ledger, transactions and numbered invoices', async () => {
      expect((await get('/api/finance/balance', demoToken)).json()).toEqual({
        balance: { amountMinor: 10104, currency: 'USD' },
      });
      const transactions = (await get('/api/finance/transactions?pageSize=20', demoToken)).json();
      expect(transactions.total).toBe(7);
      const completed = transactions.items.filter((t: { status: string }) => t.status === 'completed');
      expect(
        completed.reduce((sum: number, t: { amount: { amountMinor: number } }) => sum + t.amount.amountMinor, 0),
      ).toBe(10104);
      expect(transactions.items[0]).toMatchObject({
        status: 'pending',
        type: 'topup',
        method: 'bank_transfer',
        amount: { amountMinor: 2500 },
      });
      const pending = (await get('/api/finance/transactions?status=pending', demoToken)).json();
      expect(pending.total).toBe(1);

      const invoices = (await get('/api/finance/invoices', demoToken)).json();
      expect(invoices.total).toBe(4);
      for (const invoice of invoices.items) expect(invoice.number).toMatch(/^INV-\d{4}-\d{4,}$/);
      const detail = (await get(`/api/finance/invoices/${invoices.items[0].id}`, demoToken)).json();
      expect(detail.lines).toHaveLength(1);
      expect(detail.lines[0].amount).toEqual(detail.total);
    });

    it('has two answered tickets with their messages', async () => {
      const tickets = (await get('/api/tickets', demoToken)).json();
      expect(tickets.total).toBe(2);
      expect(tickets.items.every((t: { status: string }) => t.status === 'answered')).toBe(true);
      expect(tickets.items[0].number).toMatch(/^TCK-\d+$/);
      const detail = (await get(`/api/tickets/${tickets.items[0].id}`, demoToken)).json();
      expect(detail.messages.map((m: { authorKind: string }) => m.authorKind)).toEqual(['customer', 'staff']);
      expect(detail.messages[0].authorName).toBe(`${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}`);
      const byPriority = (await get('/api/tickets?sort=priority&order=desc', demoToken)).json();
      expect(byPriority.items.map((t: { priority: string }) => t.priority)).toEqual(['high', 'medium']);
    });

    it('lists notifications newest first, with the unread count, and filters unread', async () => {
      const all = (await get('/api/notifications', demoToken)).json();
      expect(all).toMatchObject({ total: 5, unread: 2 });
      const unread = (await get('/api/notifications?read=unread', demoToken)).json();
      expect(unread.items.map((n: { key: string }) => n.key)).toEqual(['domainExpiring', 'paymentReceived']);
    });

    it('reads its preferences as stored', async () => {
      expect((await get('/api/users/me/preferences', demoToken)).json()).toEqual({
        language: 'en',
        emailNotifications: true,
        serviceUpdates: true,
        marketing: false,
      });
    });
  });

  describe('knowledge base', () => {
    it("answers in the language asked for, else the user's preferred language", async () => {
      const en = (await get('/api/knowledge/articles', demoToken)).json();
      expect(en.total).toBe(8);
      expect(en.items[0]).toMatchObject({ language: 'en', title: 'How to point your domain to HostPilot' });
      const ru = (await get('/api/knowledge/articles?lang=ru', demoToken)).json();
      expect(ru.items[0]).toMatchObject({ language: 'ru', title: 'Как направить домен на HostPilot' });
      const one = (await get(`/api/knowledge/articles/${ru.items[0].id}?lang=ru`, demoToken)).json();
      expect(one.body).toContain('DNS-серверы');
    });

    it("searches in the reader's language, ignoring case in Cyrillic too", async () => {
      const ru = (await get(`/api/knowledge/articles?lang=ru&q=${encodeURIComponent('ДОМЕН')}`, demoToken)).json();
      expect(ru.items.map((a: { title: string }) => a.title)).toContain('Как направить домен на HostPilot');
      const enWordInRu = (await get('/api/knowledge/articles?lang=ru&q=pointing', demoToken)).json();
      expect(enWordInRu.total).toBe(0);
    });

    it('matches %, _ and other pattern characters literally', async () => {
      const percent = (await get(`/api/knowledge/articles?q=${encodeURIComponent('100%')}`, demoToken)).json();
      expect(percent.items.map((a: { slug: string }) => a.slug)).toEqual(['dns-records-100-percent']);
      for (const q of ['%', '_', '\\', "'", '"', '*']) {
        const response = await get(`/api/knowledge/articles?q=${encodeURIComponent(`zz${q}zz`)}`, demoToken);
        expect(response.statusCode, q).toBe(200);
        expect(response.json().total, q).toBe(0);
      }
    });

    it('answers 404 for an unknown article', async () => {
      expect((await get('/api/knowledge/articles/kb-999', demoToken)).statusCode).toBe(404);
    });
  });

  describe('a newly registered customer', () => {
    it('starts with nothing: zero balance, empty lists, no expiring items', async () => {
      const summary = (await get('/api/dashboard/summary', newToken)).json();
      expect(summary).toEqual({
        counts: { hosting: 0, domains: 0, services: 0, openTickets: 0 },
        expiringSoon: [],
        balance: { amountMinor: 0, currency: 'USD' },
        recentActivity: [],
        notifications: [],
        unreadNotifications: 0,
      });
      expect((await get('/api/finance/balance', newToken)).json().balance.amountMinor).toBe(0);
      for (const url of LISTS) {
        const response = await get(url, newToken);
        expect(response.statusCode, url).toBe(200);
        expect(response.json(), url).toMatchObject({ items: [], total: 0, page: 1, pageSize: 10 });
      }
    });

    it('records the sign-in time at registration and at every sign-in', async () => {
      const account = newAccount();
      const { session } = await register(ctx.app, account);
      const users = ctx.app.database.db.selectFrom('users').select('lastSignInAt').where('id', '=', session.user.id);
      const first = (await users.executeTakeFirstOrThrow()).lastSignInAt!;
      expect(first).toBeGreaterThanOrEqual(startedAt);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await postJson(ctx.app, '/api/auth/login', { email: account.email, password: account.password });
      expect((await users.executeTakeFirstOrThrow()).lastSignInAt!).toBeGreaterThan(first);
    });
  });

  describe('isolation', () => {
    it("answers 404 for every one of another customer's ids, exactly as for a missing id", async () => {
      const db = ctx.app.database.db;
      const demo = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_CUSTOMER.email)
        .executeTakeFirstOrThrow();
      const ids = async (table: 'domains' | 'invoices' | 'tickets') =>
        (await db.selectFrom(table).select('id').where('userId', '=', demo.id).execute()).map((r) => r.id);
      const hosting = (
        await db
          .selectFrom('services')
          .select('id')
          .where('userId', '=', demo.id)
          .where('kind', '=', 'hosting')
          .execute()
      ).map((r) => r.id);
      const other = (
        await db
          .selectFrom('services')
          .select('id')
          .where('userId', '=', demo.id)
          .where('kind', '<>', 'hosting')
          .execute()
      ).map((r) => r.id);
      const urls = [
        ...hosting.map((id) => `/api/hosting/${id}`),
        ...other.map((id) => `/api/services/${id}`),
        ...(await ids('domains')).map((id) => `/api/domains/${id}`),
        ...(await ids('invoices')).map((id) => `/api/finance/invoices/${id}`),
        ...(await ids('tickets')).map((id) => `/api/tickets/${id}`),
      ];
      expect(urls.length).toBe(2 + 1 + 3 + 4 + 2);
      const missing = await get('/api/domains/00000000-0000-4000-8000-000000000000', newToken);
      expect(missing.statusCode).toBe(404);
      for (const url of urls) {
        expect((await get(url, demoToken)).statusCode, url).toBe(200);
        const response = await get(url, newToken);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
        expect(response.body).not.toContain('mysite');
      }
    });

    it("never lists another customer's rows, even when searching for them", async () => {
      for (const url of [
        '/api/hosting?q=mysite',
        '/api/services?q=mysite',
        '/api/domains?q=mysite',
        '/api/finance/invoices?q=INV',
      ]) {
        expect((await get(url, newToken)).json().total, url).toBe(0);
      }
    });

    it("does not see the population's rows either: the demo customer's lists hold only its own", async () => {
      const db = ctx.app.database.db;
      const populationDomains = await db.selectFrom('domains').select('id').execute();
      expect(populationDomains.length).toBeGreaterThan(3);
      expect((await get('/api/domains?pageSize=50', demoToken)).json().total).toBe(3);
    });
  });
});
