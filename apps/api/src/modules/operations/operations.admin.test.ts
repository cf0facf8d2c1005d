import { ADMIN_ROLE, BILLING_ROLE, CUSTOMER_ROLE, SUPPORT_ROLE } from '@hostpilot/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorHandler from '../../plugins/error-handler';
import { ADMIN_TEST_ENV, staffSession } from '../../test/admin';
import { fakeClock, login, PASSWORD, type Session } from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { waitForMail } from '../../test/mail';
import { testCardVault } from '../billing';
import { JOBS, readAutomationSettings } from '../scheduler';
import { ERROR_LOG_LIMIT, recordServerError, redactMessage } from './error-log';
import { MAINTENANCE_TTL_MS } from './maintenance';
import { takeUnmappedErrors } from '../../test/setup';

const NEW_TICKET = {
  department: 'technical',
  priority: 'high',
  subject: 'Site is down',
  message: 'My site answers 502 since this morning.',
};

describe(`back-office operations (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let admin: Session;
  let support: Session;
  let billing: Session;
  let customer: Session;
  let other: Session;
  const clock = fakeClock(Date.now());

  beforeAll(async () => {
    ctx = await createTestApp(ADMIN_TEST_ENV, { clock });
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    support = await staffSession(ctx.app, SUPPORT_ROLE);
    billing = await staffSession(ctx.app, BILLING_ROLE);
    customer = await staffSession(ctx.app, CUSTOMER_ROLE);
    other = await staffSession(ctx.app, CUSTOMER_ROLE);
    await ctx.app.database.db
      .updateTable('users')
      .set({ preferredLanguage: 'ru' })
      .where('id', '=', customer.user.id)
      .execute();
  });
  afterAll(async () => ctx.close());

  const db = () => ctx.app.database.db;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, session?: Session, payload?: unknown) => {
    clock.advance(10);
    return ctx.app.inject({
      method,
      url,
      headers: session ? { authorization: `Bearer ${session.access_token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };
  const openTicket = async (who: Session, overrides: Partial<typeof NEW_TICKET> = {}) => {
    const response = await call('POST', '/api/tickets', who, { ...NEW_TICKET, ...overrides });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; number: string };
  };

  describe('support queue', () => {
    it('lists every customer ticket for staff with tickets.read, filtered and paged; billing gets 403', async () => {
      const a = await openTicket(customer, { subject: 'Mail bounces', priority: 'low' });
      const b = await openTicket(other, { subject: 'Invoice question', priority: 'urgent' });
      for (const who of [admin, support]) {
        const all = await call('GET', '/api/admin/tickets?pageSize=50', who);
        expect(all.statusCode).toBe(200);
        const ids = all.json().items.map((t: { id: string }) => t.id);
        expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
      }
      expect((await call('GET', '/api/admin/tickets', billing)).statusCode).toBe(403);
      expect((await call('GET', `/api/admin/tickets/${a.id}`, billing)).statusCode).toBe(403);
      expect((await call('GET', '/api/admin/tickets', customer)).statusCode).toBe(403);

      const urgent = (await call('GET', '/api/admin/tickets?priority=urgent', admin)).json();
      expect(urgent.items.map((t: { id: string }) => t.id)).toEqual([b.id]);
      expect(urgent.total).toBe(1);
      expect(urgent.items[0].customer).toMatchObject({ id: other.user.id, email: other.user.email });

      const bySubject = (await call('GET', '/api/admin/tickets?q=bounces', admin)).json();
      expect(bySubject.items.map((t: { id: string }) => t.id)).toEqual([a.id]);
      const byNumber = (await call('GET', `/api/admin/tickets?q=${b.number}`, admin)).json();
      expect(byNumber.items.map((t: { id: string }) => t.id)).toEqual([b.id]);
      const byCustomer = (
        await call('GET', `/api/admin/tickets?q=${encodeURIComponent(other.user.email)}`, admin)
      ).json();
      expect(byCustomer.items.every((t: { customer: { id: string } }) => t.customer.id === other.user.id)).toBe(true);

      const byPriority = (await call('GET', '/api/admin/tickets?sort=priority&order=desc&pageSize=50', admin)).json();
      expect(byPriority.items[0].priority).toBe('urgent');
      const paged = (await call('GET', '/api/admin/tickets?pageSize=10&page=2', admin)).json();
      expect(paged).toMatchObject({ page: 2, pageSize: 10, items: [] });
      expect(paged.total).toBeGreaterThanOrEqual(2);

      const bad = await call('GET', '/api/admin/tickets?status=lost&assignee=nobody', admin);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(['assignee', 'status']);
    });

    it('assigns to support staff, filters mine and unassigned, and refuses a customer or billing assignee', async () => {
      const ticket = await openTicket(customer, { subject: 'Assign me' });
      const assignees = (await call('GET', '/api/admin/tickets/assignees', support)).json().items;
      const assigneeIds = assignees.map((p: { id: string }) => p.id);
      expect(assigneeIds).toEqual(expect.arrayContaining([admin.user.id, support.user.id]));
      expect(assigneeIds).not.toContain(billing.user.id);
      expect(assigneeIds).not.toContain(customer.user.id);

      for (const wrong of [billing.user.id, customer.user.id]) {
        const refused = await call('PATCH', `/api/admin/tickets/${ticket.id}`, admin, { assigneeId: wrong });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error.fields.assigneeId.code).toBe('validation.assignee');
      }
      expect((await call('PATCH', `/api/admin/tickets/${ticket.id}`, billing, { assigneeId: null })).statusCode).toBe(
        403,
      );

      const assigned = await call('PATCH', `/api/admin/tickets/${ticket.id}`, admin, {
        assigneeId: support.user.id,
        priority: 'urgent',
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(assigned.json()).toMatchObject({ priority: 'urgent', assignee: { id: support.user.id } });

      const mine = (await call('GET', '/api/admin/tickets?assignee=me&pageSize=50', support)).json();
      expect(mine.items.map((t: { id: string }) => t.id)).toContain(ticket.id);
      const unassigned = (await call('GET', '/api/admin/tickets?assignee=none&pageSize=50', support)).json();
      expect(unassigned.items.map((t: { id: string }) => t.id)).not.toContain(ticket.id);
      const byId = (await call('GET', `/api/admin/tickets?assignee=${support.user.id}`, admin)).json();
      expect(byId.items.map((t: { id: string }) => t.id)).toContain(ticket.id);

      const audit = await db().selectFrom('auditLog').selectAll().where('entityId', '=', ticket.id).execute();
      expect(audit.map((e) => e.action)).toEqual(['ticket.update']);
      expect(JSON.parse(audit[0]!.after!)).toMatchObject({ assigneeId: support.user.id, priority: 'urgent' });
      expect(audit[0]!.actorId).toBe(admin.user.id);
    });

    it("a staff answer: the customer sees it as staff's, the ticket is answered, a notification and a Russian mail", async () => {
      const ticket = await openTicket(customer, { subject: 'Need an answer' });
      const empty = await call('POST', `/api/admin/tickets/${ticket.id}/messages`, support, { message: 'short' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.fields.message.code).toBe('validation.messageMin');
      expect(
        (await call('POST', `/api/admin/tickets/${ticket.id}/messages`, billing, { message: 'x'.repeat(20) }))
          .statusCode,
      ).toBe(403);

      const answer = 'We restarted the workers; please check again.';
      const replied = await call('POST', `/api/admin/tickets/${ticket.id}/messages`, support, { message: answer });
      expect(replied.statusCode, replied.body).toBe(200);
      expect(replied.json().status).toBe('answered');

      const seen = (await call('GET', `/api/tickets/${ticket.id}`, customer)).json();
      expect(seen.status).toBe('answered');
      expect(seen.messages.at(-1)).toMatchObject({ authorKind: 'staff', authorName: 'Role2', body: answer });

      const notes = (await call('GET', '/api/notifications', customer)).json();
      expect(
        notes.items.some((n: { key?: string; type: string }) => JSON.stringify(n).includes('ticketAnswered')),
      ).toBe(true);

      const mail = await waitForMail(ctx.config, customer.user.email, 'account-notice');
      expect(mail.language).toBe('ru');
      expect(mail.text).toContain(ticket.number);

      const audit = await db().selectFrom('auditLog').selectAll().where('entityId', '=', ticket.id).execute();
      expect(audit.map((e) => e.action)).toEqual(['ticket.reply']);
      expect(audit[0]!.after).not.toContain(answer);
    });

    it('closes and reopens; a closed ticket takes no answer', async () => {
      const ticket = await openTicket(customer, { subject: 'Close me' });
      const closed = await call('PATCH', `/api/admin/tickets/${ticket.id}`, support, { status: 'closed' });
      expect(closed.json().status).toBe('closed');
      const refused = await call('POST', `/api/admin/tickets/${ticket.id}/messages`, support, {
        message: 'Are you still there?',
      });
      expect(refused.statusCode).toBe(409);
      const reopened = await call('PATCH', `/api/admin/tickets/${ticket.id}`, support, { status: 'open' });
      expect(reopened.json().status).toBe('open');
      expect((await call('PATCH', `/api/admin/tickets/${ticket.id}`, support, { status: 'open' })).statusCode).toBe(
        409,
      );
      const history = await db()
        .selectFrom('statusHistory')
        .selectAll()
        .where('entityId', '=', ticket.id)
        .orderBy('createdAt')
        .execute();
      expect(history.map((h) => h.toStatus)).toEqual(['open', 'closed', 'open']);
      expect(history.at(-1)!.actorId).toBe(support.user.id);
      expect((await call('GET', '/api/admin/tickets/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(
        404,
      );
    });
  });

  describe('maintenance mode', () => {
    it('pauses customer changes with 503 MAINTENANCE; reads, sign-in and staff go on; audited; off again', async () => {
      expect((await call('GET', '/api/maintenance')).json()).toEqual({ enabled: false, message: null, since: null });
      expect((await call('PUT', '/api/admin/maintenance', support, { enabled: true })).statusCode).toBe(403);
      const long = await call('PUT', '/api/admin/maintenance', admin, { enabled: true, message: 'x'.repeat(501) });
      expect(long.statusCode).toBe(400);

      const on = await call('PUT', '/api/admin/maintenance', admin, { enabled: true, message: 'Database upgrade' });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toMatchObject({ enabled: true, message: 'Database upgrade' });
      expect((await call('GET', '/api/maintenance')).json()).toMatchObject({
        enabled: true,
        message: 'Database upgrade',
      });

      const refused = await call('POST', '/api/tickets', customer, NEW_TICKET);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.code).toBe('MAINTENANCE');
      expect((await call('POST', '/api/tickets', undefined, NEW_TICKET)).json().error.code).toBe('MAINTENANCE');
      expect((await call('GET', '/api/tickets', customer)).statusCode).toBe(200);
      const signIn = await login(ctx.app, { email: customer.user.email, password: PASSWORD });
      expect(signIn.statusCode).toBe(200);

      // Staff keep working: the back office, and their own account's changes.
      const ticket = (
        await db().selectFrom('tickets').select('id').where('userId', '=', customer.user.id).executeTakeFirstOrThrow()
      ).id;
      expect((await call('PATCH', `/api/admin/tickets/${ticket}`, support, { priority: 'low' })).statusCode).toBe(200);
      expect((await call('POST', '/api/tickets', support, NEW_TICKET)).statusCode).toBe(201);

      const off = await call('PUT', '/api/admin/maintenance', admin, { enabled: false });
      expect(off.json()).toEqual({ enabled: false, message: null, since: null });
      expect((await call('POST', '/api/tickets', customer, NEW_TICKET)).statusCode).toBe(201);

      const audit = await db()
        .selectFrom('auditLog')
        .selectAll()
        .where('action', '=', 'maintenance.update')
        .orderBy('createdAt')
        .execute();
      expect(audit.map((e) => JSON.parse(e.after!).enabled)).toEqual([true, false]);
    });

    it('another instance turning it on is seen within a second', async () => {
      const value = JSON.stringify({ enabled: true, message: null, since: clock.now() });
      await db()
        .insertInto('settings')
        .values({ key: 'maintenance', value, updatedAt: clock.now(), updatedBy: null })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
      clock.advance(MAINTENANCE_TTL_MS + 1);
      expect((await call('POST', '/api/tickets', customer, NEW_TICKET)).statusCode).toBe(503);
      await db()
        .updateTable('settings')
        .set({ value: JSON.stringify({ enabled: false }) })
        .where('key', '=', 'maintenance')
        .execute();
      clock.advance(MAINTENANCE_TTL_MS + 1);
      expect((await call('POST', '/api/tickets', customer, NEW_TICKET)).statusCode).toBe(201);
    });
  });

  describe('error log', () => {
    it('records a 5xx with its request id and route, without secrets, bodies or query; administrators read it', async () => {
      // A second app on the same database whose one route fails with secrets in its message.
      const failing = Fastify({ genReqId: () => 'req-known-id' });
      failing.decorate('database', ctx.app.database);
      await failing.register(errorHandler, {
        recordServerError: (entry) => recordServerError(ctx.app.database.db, entry),
      });
      failing.post('/api/boom/:id', async () => {
        throw new Error('connect to postgres://app:hunter2@db.internal/x failed, password=hunter2 token: abc');
      });
      const response = await failing.inject({
        method: 'POST',
        url: '/api/boom/42?card=4111111111111111',
        payload: { secret: 'body-secret' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json().error.code).toBe('INTERNAL');
      expect(takeUnmappedErrors()).toHaveLength(1);
      await failing.close();

      const page = await call('GET', '/api/admin/error-logs', admin);
      expect(page.statusCode).toBe(200);
      const entry = page.json().items[0];
      expect(entry).toMatchObject({ method: 'POST', route: '/api/boom/:id', status: 500, errorName: 'Error' });
      expect(entry.requestId).toBe('req-known-id');
      const text = JSON.stringify(page.json());
      for (const secret of ['hunter2', 'body-secret', '4111111111111111', 'abc']) expect(text).not.toContain(secret);

      for (const who of [support, billing])
        expect((await call('GET', '/api/admin/error-logs', who)).statusCode).toBe(403);
    });

    it('a maintenance refusal is not a server error; the table keeps only the newest rows', async () => {
      const before = (await call('GET', '/api/admin/error-logs', admin)).json().total;
      await call('PUT', '/api/admin/maintenance', admin, { enabled: true });
      expect((await call('POST', '/api/tickets', customer, NEW_TICKET)).statusCode).toBe(503);
      await call('PUT', '/api/admin/maintenance', admin, { enabled: false });
      expect((await call('GET', '/api/admin/error-logs', admin)).json().total).toBe(before);

      const base = Date.now();
      for (let i = 0; i < ERROR_LOG_LIMIT + 5; i += 1) {
        await db()
          .insertInto('errorLog')
          .values({
            id: `fill-${i}`,
            createdAt: base - 100_000 + i,
            requestId: `r${i}`,
            method: 'GET',
            route: '/x',
            status: 500,
            errorName: 'Error',
            message: 'm',
          })
          .execute();
      }
      expect(
        await recordServerError(db(), {
          requestId: 'last',
          method: 'GET',
          route: '/y',
          status: 500,
          error: new Error('x'),
          now: base,
        }),
      ).toBe(true);
      const rows = await db().selectFrom('errorLog').select('requestId').execute();
      expect(rows).toHaveLength(ERROR_LOG_LIMIT);
      expect(rows.map((r) => r.requestId)).toContain('last');
      expect(redactMessage('Bearer abc.def key=xyz')).toBe('Bearer *** key=***');
    });
  });

  describe('server monitor', () => {
    it('the samples job records every server and drops old samples; the usage answers per point', async () => {
      const now = clock.now();
      await db()
        .insertInto('servers')
        .values({
          id: 'srv-monitor',
          name: 'monitor-01',
          location: 'frankfurt',
          type: 'vds',
          ip: '192.0.2.99',
          status: 'active',
          cpuModel: 'EPYC',
          cpuCores: 8,
          ramGb: 32,
          storageGb: 500,
          bandwidthGbps: 1,
          capacity: 4,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await db()
        .insertInto('serverUsageSamples')
        .values({
          serverId: 'srv-monitor',
          takenAt: now - 40 * 86_400_000,
          cpuPercent: 1,
          memoryPercent: 1,
          storagePercent: 1,
          bandwidthPercent: 1,
          up: 1,
        })
        .execute();
      const changed = await JOBS['server-samples']({
        db: db(),
        now,
        settings: await readAutomationSettings(db()),
        mails: [],
        cardVault: testCardVault(() => false),
      });
      expect(changed).toBeGreaterThanOrEqual(1);
      const samples = await db()
        .selectFrom('serverUsageSamples')
        .selectAll()
        .where('serverId', '=', 'srv-monitor')
        .execute();
      expect(samples.map((s) => Number(s.takenAt))).toEqual([now]);
      expect(samples[0]).toMatchObject({ cpuPercent: 5, up: 1 });

      const usage = await call('GET', '/api/admin/servers/srv-monitor/usage?range=24h', support);
      expect(usage.statusCode, usage.body).toBe(200);
      expect(usage.json().samples).toEqual([expect.objectContaining({ cpuPercent: 5, up: true })]);
      expect((await call('GET', '/api/admin/servers/srv-monitor/usage?range=1y', admin)).statusCode).toBe(400);
      expect((await call('GET', '/api/admin/servers/srv-monitor/usage', billing)).statusCode).toBe(403);
      expect((await call('GET', '/api/admin/servers/nope/usage', admin)).statusCode).toBe(404);
    });
  });
});
