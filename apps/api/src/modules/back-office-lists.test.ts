import { ADMIN_ROLE, BILLING_ROLE, CURRENCY, SUPPORT_ROLE } from '@hostpilot/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../demo/seed';
import { ADMIN_TEST_ENV, getAs, queryPlan, staffSession } from '../test/admin';
import type { Session } from '../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../test/helpers';
import { changePercent } from './dashboard';
import { contains } from '../lib/search';

const DAY = 86_400_000;

/** The lists and the overview over the demo seed's population, each figure checked against the database. */
describe(`back-office lists and overview over a seeded population (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let admin: Session;

  beforeAll(async () => {
    ctx = await createTestApp(ADMIN_TEST_ENV);
    await seedDemo(ctx.app.database.db, { scale: 40 });
    admin = await staffSession(ctx.app, ADMIN_ROLE);
  }, 120_000);

  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string, session: Session = admin) => getAs(ctx.app, url, session);
  const ok = async (url: string, session: Session = admin) => {
    const response = await get(url, session);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json();
  };
  const db = () => ctx.app.database.db;
  const countOf = async (query: Promise<{ n: number | string } | undefined>) => Number((await query)?.n ?? 0);

  describe('services', () => {
    it('lists hosting with the real total, owner and server, paged', async () => {
      const total = await countOf(
        db()
          .selectFrom('services')
          .where('kind', '=', 'hosting')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      );
      expect(total).toBeGreaterThan(10);
      const first = await ok('/api/admin/services?kind=hosting&pageSize=10');
      expect(first.total).toBe(total);
      expect(first.items).toHaveLength(10);
      for (const item of first.items) {
        expect(item.kind).toBe('hosting');
        expect(item.owner.email).toMatch(/@/);
        expect(item.price.currency).toBe(CURRENCY);
        expect(Number.isInteger(item.price.amountMinor)).toBe(true);
      }
      const expires = first.items.map((item: { expiresAt: string }) => item.expiresAt);
      expect(expires).toEqual([...expires].sort());
      expect(await ok(`/api/admin/services?kind=hosting&page=${Math.ceil(total / 10) + 1}`)).toMatchObject({
        items: [],
        total,
      });
    });

    it('filters by status and searches owner or domain literally', async () => {
      const suspended = await ok('/api/admin/services?status=suspended&pageSize=50');
      expect(suspended.items.every((item: { status: string }) => item.status === 'suspended')).toBe(true);
      const sample = (await ok('/api/admin/services?kind=hosting')).items.find(
        (item: { domain: string | null }) => item.domain,
      );
      const byDomain = await ok(`/api/admin/services?q=${encodeURIComponent(sample.domain)}`);
      expect(byDomain.items.map((item: { id: string }) => item.id)).toContain(sample.id);
      expect((await ok('/api/admin/services?q=%25%25%25')).total).toBe(0);
      expect((await get('/api/admin/services?kind=vps')).statusCode).toBe(400);
      expect((await get('/api/admin/services?sort=price')).statusCode).toBe(400);
    });
  });

  describe('domains', () => {
    it('lists, filters by status and TLD, searches, and counts DNS records', async () => {
      const total = await countOf(
        db()
          .selectFrom('domains')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      );
      const all = await ok('/api/admin/domains?pageSize=50&sort=name');
      expect(all.total).toBe(total);
      const names = all.items.map((item: { name: string }) => item.name);
      expect(names).toEqual([...names].sort());
      const one = all.items[0];
      const records = await countOf(
        db()
          .selectFrom('dnsRecords')
          .where('domainId', '=', one.id)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      );
      expect(one.dns.records).toBe(records);
      expect(Array.isArray(one.nameservers)).toBe(true);

      const com = await ok('/api/admin/domains?tld=com&pageSize=50');
      expect(com.items.every((item: { tld: string }) => item.tld === 'com')).toBe(true);
      const grace = await ok('/api/admin/domains?status=graceperiod');
      expect(grace.items.every((item: { status: string }) => item.status === 'graceperiod')).toBe(true);
      expect((await ok(`/api/admin/domains?q=${encodeURIComponent(one.name)}`)).items[0].id).toBe(one.id);
      expect((await get('/api/admin/domains?tld=.com')).statusCode).toBe(400);
      expect((await get('/api/admin/domains?status=parked')).statusCode).toBe(400);
    });
  });

  describe('transactions', () => {
    it('lists payments and computes the summary cards from every payment', async () => {
      const page = await ok('/api/admin/transactions?pageSize=20');
      const total = await countOf(
        db()
          .selectFrom('payments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      );
      expect(page.total).toBe(total);
      const created = page.items.map((item: { createdAt: string }) => item.createdAt);
      expect(created).toEqual([...created].sort().reverse());

      const totals = async (status: string, since?: number) => {
        let query = db()
          .selectFrom('payments')
          .where('status', '=', status as 'pending')
          .where('currency', '=', CURRENCY);
        if (since !== undefined) query = query.where('completedAt', '>=', since);
        const row = await query
          .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(amount_cents), 0)`.as('sum')])
          .executeTakeFirst();
        return { count: Number(row?.n ?? 0), sum: Number(row?.sum ?? 0) };
      };
      const pending = await totals('pending');
      const failed = await totals('failed');
      expect(page.summary.pending).toEqual({
        count: pending.count,
        amount: { amountMinor: pending.sum, currency: CURRENCY },
      });
      expect(page.summary.failed).toEqual({
        count: failed.count,
        amount: { amountMinor: failed.sum, currency: CURRENCY },
      });
      const revenue = await totals('completed', Date.now() - 30 * DAY);
      expect(page.summary.revenueLast30Days.amountMinor).toBe(revenue.sum);

      const onlyPending = await ok('/api/admin/transactions?status=pending&pageSize=50');
      expect(onlyPending.total).toBe(pending.count);
      expect(onlyPending.summary).toEqual(page.summary);
      expect((await get('/api/admin/transactions?method=cash')).statusCode).toBe(400);
    });

    it('is billing data: billing and administrators read it, support does not', async () => {
      expect((await get('/api/admin/transactions', await staffSession(ctx.app, BILLING_ROLE))).statusCode).toBe(200);
      expect((await get('/api/admin/transactions', await staffSession(ctx.app, SUPPORT_ROLE))).statusCode).toBe(403);
    });
  });

  describe('servers', () => {
    it('lists servers with their latest load and computes the summary', async () => {
      const page = await ok('/api/admin/servers?pageSize=50');
      const servers = await db().selectFrom('servers').selectAll().execute();
      expect(page.total).toBe(servers.length);
      expect(page.summary).toMatchObject({
        totalServers: servers.length,
        totalStorageGb: servers.reduce((sum, s) => sum + s.storageGb, 0),
        totalRamGb: servers.reduce((sum, s) => sum + s.ramGb, 0),
      });
      const active = await countOf(
        db()
          .selectFrom('services')
          .where('status', '=', 'active')
          .where('serverId', 'is not', null)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      );
      expect(page.summary.activeServices).toBe(active);
      const first = page.items[0];
      const latest = await db()
        .selectFrom('serverUsageSamples')
        .where('serverId', '=', first.id)
        .orderBy('takenAt', 'desc')
        .selectAll()
        .executeTakeFirst();
      if (latest) {
        expect(first.load).toEqual({
          cpuPercent: latest.cpuPercent,
          memoryPercent: latest.memoryPercent,
          storagePercent: latest.storagePercent,
          sampledAt: new Date(latest.takenAt).toISOString(),
        });
      }
      const byServices = (await ok('/api/admin/servers?sort=services&order=desc&pageSize=50')).items.map(
        (item: { services: number }) => item.services,
      );
      expect(byServices).toEqual([...byServices].sort((a, b) => b - a));
      expect((await ok(`/api/admin/servers?q=${encodeURIComponent(first.name)}`)).items[0].id).toBe(first.id);
      expect((await get('/api/admin/servers?location=moon')).statusCode).toBe(400);
    });
  });

  describe('overview', () => {
    it('computes every figure from the data', async () => {
      const overview = await ok('/api/admin/overview');
      const users = await countOf(
        db()
          .selectFrom('users')
          .where('deletedAt', 'is', null)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      );
      expect(overview.users.total).toBe(users);
      expect(overview.users.growthPercent).toBe(
        changePercent(overview.users.newLast30Days, overview.users.newPrevious30Days),
      );
      const activeHosting = await countOf(
        db()
          .selectFrom('services')
          .where('kind', '=', 'hosting')
          .where('status', '=', 'active')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      );
      expect(overview.hosting.active).toBe(activeHosting);
      expect(overview.domains.byTld.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(
        overview.domains.active,
      );
      const open = await countOf(
        db()
          .selectFrom('tickets')
          .where('status', '!=', 'closed')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      );
      expect(overview.tickets.open).toBe(open);
      expect(Object.keys(overview.tickets.byPriority).sort()).toEqual(['high', 'low', 'medium', 'urgent']);
      expect(overview.recentActivity.length).toBeLessThanOrEqual(10);
      const times = overview.recentActivity.map((a: { createdAt: string }) => a.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      expect(overview.system.cpu.cores).toBeGreaterThan(0);
      expect(overview.system.memory.totalBytes).toBeGreaterThan(0);
      expect(overview.system.disk.totalBytes).toBeGreaterThan(0);
      expect(overview.revenue.last30Days.currency).toBe(CURRENCY);
    });

    it('moves when the data moves: a new account counts at once', async () => {
      const before = (await ok('/api/admin/overview')).users;
      await staffSession(ctx.app, 0);
      const after = (await ok('/api/admin/overview')).users;
      expect(after.total).toBe(before.total + 1);
      expect(after.newLast30Days).toBe(before.newLast30Days + 1);
    });

    it('computes changes in percent, null without a base', () => {
      expect(changePercent(15, 10)).toBe(50);
      expect(changePercent(5, 10)).toBe(-50);
      expect(changePercent(1, 3)).toBe(-66.7);
      expect(changePercent(4, 0)).toBeNull();
    });
  });

  it('searches domains and services from their trigram indexes (query plans)', async () => {
    const { kind } = ctx.app.database;
    const domainPlan = await queryPlan(
      ctx.app,
      db()
        .selectFrom('domains')
        .select('domains.id')
        .where(contains(kind, 'domains', 'domains', 'example')),
    );
    const servicePlan = await queryPlan(
      ctx.app,
      db()
        .selectFrom('services')
        .select('services.id')
        .where(contains(kind, 'services', 'services', 'example')),
    );
    if (kind === 'sqlite') {
      expect(domainPlan).toMatch(/SCAN domains_search VIRTUAL TABLE INDEX \d+:M/);
      expect(servicePlan).toMatch(/SCAN services_search VIRTUAL TABLE INDEX \d+:M/);
    } else {
      expect(domainPlan).toContain('Bitmap Index Scan on domains_name_trgm');
      expect(servicePlan).toContain('Bitmap Index Scan on services_domain_trgm');
    }
  });
});
