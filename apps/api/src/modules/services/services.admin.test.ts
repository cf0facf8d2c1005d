import { randomUUID } from 'node:crypto';
import { ADMIN_ROLE, BILLING_ROLE, SUPPORT_ROLE } from '@hostpilot/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, staffSession } from '../../test/admin';
import { registerVerified, type Session } from '../../test/auth';
import { credit } from '../../test/customer';
import { csvRows } from '../../test/documents';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { expectMoneyInvariants } from '../../test/money-invariants';
import { journal } from '../../lib/journal';
import { balanceOf } from '../billing';
import { reactivateIfOverdue } from './service-renewal';

const DAY = 86_400_000;

/** Hosting status changes, refunds and the list exports of the back office (decision 033). */
describe(`back-office hosting, refunds and exports (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let admin: Session;
  let support: Session;
  let billing: Session;

  beforeAll(async () => {
    ctx = await createTestApp({ ...ADMIN_TEST_ENV, DEMO_MODE: 'true' });
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    support = await staffSession(ctx.app, SUPPORT_ROLE);
    billing = await staffSession(ctx.app, BILLING_ROLE);
  });

  afterAll(async () => {
    await ctx.close();
  });
  // Every scenario leaves the books balanced (decision 043).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  const db = () => ctx.app.database.db;
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    session: Session,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${session.access_token}`, ...headers },
      remoteAddress: '203.0.113.9',
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const hosting = async (status: 'active' | 'suspended' = 'active', suspensionReason: string | null = null) => {
    const { session } = await registerVerified(ctx.app);
    const id = randomUUID();
    const now = Date.now();
    const domain = `site-${id.slice(0, 8)}.example.com`;
    await db()
      .insertInto('services')
      .values({
        id,
        userId: session.user.id,
        kind: 'hosting',
        planId: 'starter',
        name: 'Starter Hosting',
        serverId: null,
        domain,
        status,
        suspensionReason,
        priceCents: 499,
        billingPeriod: 'month',
        expiresAt: now + 30 * DAY,
        cancelRequestedAt: null,
        cancelReason: null,
        cancelledAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    return { id, domain, owner: session };
  };
  const serviceRow = (id: string) =>
    db().selectFrom('services').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const historyOf = (id: string) =>
    db().selectFrom('statusHistory').selectAll().where('entityId', '=', id).orderBy('createdAt').execute();
  const auditOf = (id: string) =>
    db().selectFrom('auditLog').selectAll().where('entityId', '=', id).orderBy('createdAt').execute();
  const notificationsOf = (userId: string) =>
    db().selectFrom('notifications').selectAll().where('userId', '=', userId).execute();

  describe('hosting', () => {
    it('suspends with a reason and activates, with history, audit and notifications; support is refused', async () => {
      const { id, owner } = await hosting();
      expect(
        (await call('POST', `/api/admin/services/${id}/suspend`, support, { reason: 'Abuse report' })).statusCode,
      ).toBe(403);
      expect(
        (await call('POST', `/api/admin/services/${id}/suspend`, billing, { reason: 'Abuse report' })).statusCode,
      ).toBe(403);

      const suspended = await call('POST', `/api/admin/services/${id}/suspend`, admin, { reason: 'Abuse report' });
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect(suspended.json()).toMatchObject({ id, status: 'suspended', suspensionReason: 'Abuse report' });
      expect(await serviceRow(id)).toMatchObject({ status: 'suspended', suspensionReason: 'Abuse report' });

      const activated = await call('POST', `/api/admin/services/${id}/activate`, admin);
      expect(activated.statusCode, activated.body).toBe(200);
      expect(await serviceRow(id)).toMatchObject({ status: 'active', suspensionReason: null });

      const history = await historyOf(id);
      expect(history.map((row) => [row.fromStatus, row.toStatus, row.actorId])).toEqual([
        ['active', 'suspended', admin.user.id],
        ['suspended', 'active', admin.user.id],
      ]);
      expect(history[0]!.reason).toBe('Abuse report');
      const audit = await auditOf(id);
      expect(audit.map((row) => row.action)).toEqual(['service.suspend', 'service.activate']);
      expect(audit[0]).toMatchObject({ actorId: admin.user.id, clientIp: '203.0.113.9' });
      const keys = (await notificationsOf(owner.user.id)).map((row) => row.key);
      expect(keys).toEqual(expect.arrayContaining(['serviceSuspendedByStaff', 'serviceReactivated']));
    });

    it('refuses a short reason (400 by field), suspending a suspended service and activating an active one (409)', async () => {
      const { id } = await hosting();
      const bad = await call('POST', `/api/admin/services/${id}/suspend`, admin, { reason: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.reason.code).toBe('validation.reason');
      const notSuspended = await call('POST', `/api/admin/services/${id}/activate`, admin);
      expect(notSuspended.statusCode).toBe(409);
      expect(notSuspended.json().error.fields.status.code).toBe('validation.serviceNotActivatable');
      expect(
        (await call('POST', `/api/admin/services/${id}/suspend`, admin, { reason: 'Abuse report' })).statusCode,
      ).toBe(200);
      const twice = await call('POST', `/api/admin/services/${id}/suspend`, admin, { reason: 'Abuse report' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.fields.status.code).toBe('validation.serviceNotSuspendable');
      expect((await auditOf(id)).length).toBe(1);
      expect((await call('POST', '/api/admin/services/nope/activate', admin)).statusCode).toBe(404);
    });

    it('keeps a staff suspension through a paid renewal (decision 030): only Activate lifts it', async () => {
      const { id } = await hosting();
      expect(
        (await call('POST', `/api/admin/services/${id}/suspend`, admin, { reason: 'Spam complaints' })).statusCode,
      ).toBe(200);
      const row = await serviceRow(id);
      const lifted = await db()
        .transaction()
        .execute((trx) => reactivateIfOverdue(trx, row, Date.now(), journal(trx, admin.user.id, null, Date.now())));
      expect(lifted).toBe(false);
      expect(await serviceRow(id)).toMatchObject({ status: 'suspended', suspensionReason: 'Spam complaints' });
    });

    it('terminates only after the domain is typed again, once; the customer is told', async () => {
      const { id, domain, owner } = await hosting();
      const wrong = await call('DELETE', `/api/admin/services/${id}`, admin, { confirm: 'other.example.com' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields.confirm.code).toBe('validation.confirmDomain');
      expect((await serviceRow(id)).status).toBe('active');
      expect((await call('DELETE', `/api/admin/services/${id}`, support, { confirm: domain })).statusCode).toBe(403);

      const done = await call('DELETE', `/api/admin/services/${id}`, admin, { confirm: domain.toUpperCase() });
      expect(done.statusCode, done.body).toBe(200);
      expect(await serviceRow(id)).toMatchObject({ status: 'cancelled', autoRenew: 0 });
      expect((await call('DELETE', `/api/admin/services/${id}`, admin, { confirm: domain })).statusCode).toBe(409);
      expect((await auditOf(id)).map((row) => row.action)).toEqual(['service.terminate']);
      expect((await notificationsOf(owner.user.id)).map((row) => row.key)).toContain('serviceTerminatedByStaff');
    });
  });

  describe('add and edit hosting', () => {
    const server = async (capacity: number, status: 'active' | 'maintenance' = 'active', type = 'shared') => {
      const id = randomUUID();
      const now = Date.now();
      await db()
        .insertInto('servers')
        .values({
          id,
          name: `web-${id.slice(0, 8)}`,
          location: 'london',
          type: type as never,
          ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          status,
          cpuModel: 'Test CPU',
          cpuCores: 8,
          ramGb: 32,
          storageGb: 1000,
          bandwidthGbps: 1,
          capacity,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      return id;
    };
    const customer = async () => (await registerVerified(ctx.app)).account.email.toLowerCase();
    const send = (method: 'POST' | 'PATCH', url: string, session: Session | null, payload: unknown) =>
      ctx.app.inject({
        method,
        url,
        headers: session ? { authorization: `Bearer ${session.access_token}` } : {},
        remoteAddress: '203.0.113.9',
        payload: payload as Record<string, unknown>,
      });
    const input = async (serverId: string, extra: Record<string, unknown> = {}) => ({
      ownerEmail: await customer(),
      planId: 'business',
      months: 3,
      domain: `new-${randomUUID().slice(0, 8)}.com`,
      serverId,
      ...extra,
    });
    const servicesOn = (serverId: string) =>
      db().selectFrom('services').select('id').where('serverId', '=', serverId).execute();
    const today = () => new Date().toISOString().slice(0, 10);
    const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

    it('adds a service at the catalogue price, queued for its web node, with expiry, audit, notification and activity', async () => {
      const serverId = await server(5);
      const body = await input(serverId, { price: 1 });
      // An unknown field such as a price is refused, never used.
      const priced = await send('POST', '/api/admin/services', admin, body);
      expect(priced.statusCode).toBe(400);
      delete (body as Record<string, unknown>).price;

      const created = await send('POST', '/api/admin/services', admin, { ...body, domain: body.domain.toUpperCase() });
      expect(created.statusCode, created.body).toBe(201);
      const service = created.json();
      expect(service).toMatchObject({
        kind: 'hosting',
        planId: 'business',
        domain: body.domain,
        // Pending until the web-node driver has made the site (docs/decisions/055-web-node-agent.md).
        status: 'pending',
        server: { id: serverId },
        price: { amountMinor: 599, currency: 'USD' },
      });
      expect(service.owner.email).toBe(body.ownerEmail);
      const row = await serviceRow(service.id);
      expect(row.expiresAt - row.createdAt).toBeGreaterThanOrEqual(89 * DAY);
      expect(row.expiresAt - row.createdAt).toBeLessThanOrEqual(92 * DAY);
      expect(row.setupState).toBe('provisioning');
      const tasks = await db()
        .selectFrom('provisioningTasks')
        .selectAll()
        .where('resourceId', '=', service.id)
        .execute();
      expect(tasks.map((t) => [t.driverType, t.operation, t.status])).toEqual([['web-node', 'create', 'pending']]);
      expect(await historyOf(service.id)).toEqual([]);
      const audit = await auditOf(service.id);
      expect(audit.map((a) => [a.action, a.actorId, a.clientIp])).toEqual([
        ['service.create', admin.user.id, '203.0.113.9'],
      ]);
      expect(JSON.parse(audit[0]!.after!)).toMatchObject({ planId: 'business', priceCents: 599, serverId });
      expect((await notificationsOf(row.userId)).map((n) => n.key)).toContain('serviceCreatedByStaff');
      const activity = await db().selectFrom('activity').selectAll().where('subjectId', '=', service.id).execute();
      expect(activity.map((a) => a.action)).toEqual(['service.created']);
      // No invoice is charged for a staff-created service (decision 033).
      const invoices = await db().selectFrom('invoices').select('id').where('userId', '=', row.userId).execute();
      expect(invoices).toEqual([]);
    });

    it('refuses an unknown plan, owner, server, period and a misspelt domain (400 by field); nothing is written', async () => {
      const serverId = await server(5);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ planId: 'platinum' }, 'planId', 'validation.orderPlan'],
        [{ ownerEmail: 'nobody-here@example.com' }, 'ownerEmail', 'validation.hostingOwner'],
        [{ ownerEmail: admin.user.email }, 'ownerEmail', 'validation.hostingOwner'],
        [{ serverId: randomUUID() }, 'serverId', 'validation.hostingServer'],
        [{ serverId: await server(5, 'active', 'vds') }, 'serverId', 'validation.serverWrongType'],
        [{ months: 2 }, 'months', 'validation.period'],
        [{ domain: 'shop.example.com' }, 'domain', 'validation.domainSubdomain'],
        [{ domain: 'my_site.com' }, 'domain', 'validation.domainCharacters'],
      ];
      for (const [change, field, key] of cases) {
        const refused = await send('POST', '/api/admin/services', admin, await input(serverId, change));
        expect(refused.statusCode, JSON.stringify(change)).toBe(400);
        expect(refused.json().error.fields[field].code).toBe(key);
      }
      expect(await servicesOn(serverId)).toEqual([]);
    });

    it('refuses a deleted or suspended owner', async () => {
      const serverId = await server(5);
      const { session } = await registerVerified(ctx.app);
      await db().updateTable('users').set({ status: 'suspended' }).where('id', '=', session.user.id).execute();
      const suspended = await send('POST', '/api/admin/services', admin, {
        ...(await input(serverId)),
        ownerEmail: session.user.email,
      });
      expect(suspended.statusCode).toBe(400);
      expect(suspended.json().error.fields.ownerEmail.code).toBe('validation.hostingOwner');
      await db()
        .updateTable('users')
        .set({ status: 'active', deletedAt: Date.now() })
        .where('id', '=', session.user.id)
        .execute();
      const deleted = await send('POST', '/api/admin/services', admin, {
        ...(await input(serverId)),
        ownerEmail: session.user.email,
      });
      expect(deleted.statusCode).toBe(400);
      expect(await servicesOn(serverId)).toEqual([]);
    });

    it('refuses a full server and a server in maintenance (409); cancelled services free their slot', async () => {
      const full = await server(1);
      expect((await send('POST', '/api/admin/services', admin, await input(full))).statusCode).toBe(201);
      const refused = await send('POST', '/api/admin/services', admin, await input(full));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.fields.serverId.code).toBe('validation.serverFull');
      expect(await servicesOn(full)).toHaveLength(1);

      const resting = await server(5, 'maintenance');
      const maintenance = await send('POST', '/api/admin/services', admin, await input(resting));
      expect(maintenance.statusCode).toBe(409);
      expect(maintenance.json().error.fields.serverId.code).toBe('validation.serverInMaintenance');
      expect(await servicesOn(resting)).toEqual([]);

      const placement = await call('GET', '/api/admin/services/placement', admin);
      expect(placement.statusCode).toBe(200);
      const listed = placement.json().servers as { id: string; free: number; services: number }[];
      expect(listed.find((s) => s.id === full)).toMatchObject({ free: 0, services: 1 });
      expect(listed.some((s) => s.id === resting)).toBe(false);
    });

    it('gives the last slot to one of two additions at the same moment', async () => {
      const last = await server(1);
      const answers = await Promise.all([
        send('POST', '/api/admin/services', admin, await input(last)),
        send('POST', '/api/admin/services', admin, await input(last)),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(await servicesOn(last)).toHaveLength(1);
    });

    it('edits plan, server and expiry with the values before and after in the audit entry', async () => {
      const from = await server(5);
      const to = await server(5);
      const created = (await send('POST', '/api/admin/services', admin, await input(from))).json();
      const day = inDays(200);
      const edited = await send('PATCH', `/api/admin/services/${created.id}`, admin, {
        planId: 'enterprise',
        serverId: to,
        expiresOn: day,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ planId: 'enterprise', server: { id: to }, price: { amountMinor: 999 } });
      expect(edited.json().expiresAt.slice(0, 10)).toBe(day);
      const row = await serviceRow(created.id);
      expect(row).toMatchObject({ planId: 'enterprise', serverId: to, priceCents: 999 });
      expect(new Date(row.expiresAt).toISOString().slice(0, 10)).toBe(day);
      const audit = (await auditOf(created.id)).filter((a) => a.action === 'service.update');
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.before!)).toMatchObject({ planId: 'business', serverId: from, priceCents: 599 });
      expect(JSON.parse(audit[0]!.after!)).toMatchObject({ planId: 'enterprise', serverId: to, priceCents: 999 });
      expect(JSON.parse(audit[0]!.after!).expiresAt.slice(0, 10)).toBe(day);

      // Today is allowed; the same values again write nothing.
      expect((await send('PATCH', `/api/admin/services/${created.id}`, admin, { expiresOn: today() })).statusCode).toBe(
        200,
      );
      const again = await send('PATCH', `/api/admin/services/${created.id}`, admin, {
        planId: 'enterprise',
        serverId: to,
        expiresOn: today(),
      });
      expect(again.statusCode).toBe(200);
      expect((await auditOf(created.id)).filter((a) => a.action === 'service.update')).toHaveLength(2);
    });

    it('refuses an edit from a form filled before another change (409) and keeps that change', async () => {
      const created = (await send('POST', '/api/admin/services', admin, await input(await server(5)))).json();
      const url = `/api/admin/services/${created.id}`;
      const first = await send('PATCH', url, admin, { expiresOn: inDays(100), unchangedSince: created.updatedAt });
      expect(first.statusCode, first.body).toBe(200);
      expect(Date.parse(first.json().updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));

      // A second member of staff saves from the form they opened before the first change.
      const stale = await send('PATCH', url, admin, { planId: 'enterprise', unchangedSince: created.updatedAt });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json().error.fields.service.code).toBe('validation.serviceChanged');
      const row = await serviceRow(created.id);
      expect(row.planId).toBe('business');
      expect(new Date(row.expiresAt).toISOString().slice(0, 10)).toBe(inDays(100));
      expect((await auditOf(created.id)).filter((a) => a.action === 'service.update')).toHaveLength(1);

      // Read again, the same change goes through; a version that is not a timestamp is refused by field.
      const fresh = await send('PATCH', url, admin, { planId: 'enterprise', unchangedSince: first.json().updatedAt });
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect(fresh.json().planId).toBe('enterprise');
      const bad = await send('PATCH', url, admin, { planId: 'business', unchangedSince: 'yesterday' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.unchangedSince.code).toBe('validation.date');
    });

    it('refuses moving to a full or resting server (409), a past or impossible day and an unknown plan (400)', async () => {
      const from = await server(5);
      const full = await server(1);
      await send('POST', '/api/admin/services', admin, await input(full));
      const created = (await send('POST', '/api/admin/services', admin, await input(from))).json();
      const before = await serviceRow(created.id);
      const refusals: [Record<string, unknown>, number, string, string][] = [
        [{ serverId: full }, 409, 'serverId', 'validation.serverFull'],
        [{ serverId: await server(5, 'maintenance') }, 409, 'serverId', 'validation.serverInMaintenance'],
        [{ serverId: 'nope' }, 400, 'serverId', 'validation.hostingServer'],
        [{ expiresOn: inDays(-2) }, 400, 'expiresOn', 'validation.expiryPast'],
        [{ expiresOn: '2027-02-30' }, 400, 'expiresOn', 'validation.date'],
        [{ planId: 'gold' }, 400, 'planId', 'validation.orderPlan'],
        [{ planId: 'enterprise', serverId: full }, 409, 'serverId', 'validation.serverFull'],
      ];
      for (const [body, status, field, key] of refusals) {
        const refused = await send('PATCH', `/api/admin/services/${created.id}`, admin, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(status);
        expect(refused.json().error.fields[field].code).toBe(key);
      }
      expect(await serviceRow(created.id)).toEqual(before);
      expect((await auditOf(created.id)).map((a) => a.action)).toEqual(['service.create']);
      expect(
        (await send('PATCH', `/api/admin/services/${randomUUID()}`, admin, { expiresOn: today() })).statusCode,
      ).toBe(404);
      await call('DELETE', `/api/admin/services/${created.id}`, admin, { confirm: created.domain });
      const cancelled = await send('PATCH', `/api/admin/services/${created.id}`, admin, { expiresOn: inDays(10) });
      expect(cancelled.statusCode).toBe(409);
      expect(cancelled.json().error.fields.status.code).toBe('validation.serviceCancelled');
    });

    it('lets only hosting.write add or edit: support and billing 403, a customer 403, anonymous 401', async () => {
      const serverId = await server(5);
      const created = (await send('POST', '/api/admin/services', admin, await input(serverId))).json();
      const { session: customerSession } = await registerVerified(ctx.app);
      for (const [session, status] of [
        [support, 403],
        [billing, 403],
        [customerSession, 403],
        [null, 401],
      ] as const) {
        expect((await send('POST', '/api/admin/services', session, await input(serverId))).statusCode).toBe(status);
        expect(
          (await send('PATCH', `/api/admin/services/${created.id}`, session, { expiresOn: inDays(90) })).statusCode,
        ).toBe(status);
      }
      expect(await servicesOn(serverId)).toHaveLength(1);
      expect((await auditOf(created.id)).map((a) => a.action)).toEqual(['service.create']);
    });
  });

  describe('refunds', () => {
    const completedTopUp = async (amount = '40') => {
      const { session } = await registerVerified(ctx.app);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/finance/top-ups',
        headers: { authorization: `Bearer ${session.access_token}`, 'idempotency-key': randomUUID() },
        payload: { method: 'bank_transfer', amount },
      });
      expect(response.statusCode).toBe(201);
      const paymentId = response.json().payment.id as string;
      expect((await call('POST', `/api/admin/payments/${paymentId}/approve`, billing)).statusCode).toBe(200);
      return { session, paymentId };
    };
    const refund = (paymentId: string, session: Session, body: unknown, key = randomUUID()) =>
      call('POST', `/api/admin/payments/${paymentId}/refund`, session, body, { 'idempotency-key': key });

    it('refunds a top-up part and then the rest back to its bank account, out of the balance (billing may, support may not)', async () => {
      const { session, paymentId } = await completedTopUp('40');
      const toBank = { destination: 'bank_transfer' };
      expect((await refund(paymentId, support, { amount: '5', reason: 'Goodwill', ...toBank })).statusCode).toBe(403);

      const part = await refund(paymentId, billing, { amount: '15.50', reason: 'Partial refund', ...toBank });
      expect(part.statusCode, part.body).toBe(201);
      expect(part.json()).toMatchObject({ refunded: { amountMinor: 1550 }, balance: { amountMinor: 2450 } });
      expect(await balanceOf(db(), session.user.id)).toBe(2450);

      await credit(ctx.app, session.user.id, 5000);
      const tooMuch = await refund(paymentId, billing, { amount: '24.51', reason: 'Too much', ...toBank });
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().error.fields.amount.code).toBe('validation.refundTooMuch');

      const rest = await refund(paymentId, admin, { amount: '24.50', reason: 'The rest', ...toBank });
      expect(rest.statusCode, rest.body).toBe(201);
      const payment = await db()
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow();
      expect(payment).toMatchObject({ status: 'refunded', refundedCents: 4000 });
      expect(await balanceOf(db(), session.user.id)).toBe(5000);

      const list = await call('GET', `/api/admin/transactions?q=${encodeURIComponent(session.user.email)}`, billing);
      expect(list.json().items[0]).toMatchObject({
        status: 'refunded',
        refunded: { amountMinor: 4000 },
        refundTo: 'bank_transfer',
      });
      expect((await historyOf(paymentId)).map((row) => row.toStatus)).toEqual(['completed', 'refunded']);
      expect((await auditOf(paymentId)).filter((row) => row.action === 'payment.refund')).toHaveLength(2);
      const entries = await db().selectFrom('ledgerEntries').selectAll().where('paymentId', '=', paymentId).execute();
      expect(
        entries
          .filter((row) => row.type === 'refund')
          .map((row) => row.amountCents)
          .sort(),
      ).toEqual([-1550, -2450]);
      const notices = (await notificationsOf(session.user.id)).filter((row) => row.key === 'paymentRefundedToSource');
      expect(notices).toHaveLength(2);
    });

    // Issue 26: a $20 card top-up refunded "to the balance" left $40.
    it('refuses to refund a top-up to the balance, and refunds only what is left of it on the balance', async () => {
      const { session } = await registerVerified(ctx.app);
      const card = await ctx.app.inject({
        method: 'POST',
        url: '/api/finance/top-ups',
        headers: { authorization: `Bearer ${session.access_token}`, 'idempotency-key': randomUUID() },
        payload: { method: 'test_card', amount: '20', cardNumber: '4242 4242 4242 4242' },
      });
      expect(card.statusCode, card.body).toBe(201);
      const paymentId = card.json().payment.id as string;
      const toBalance = await refund(paymentId, billing, { amount: '20', reason: 'Back', destination: 'balance' });
      expect(toBalance.statusCode).toBe(409);
      expect(toBalance.json().error.fields.destination).toMatchObject({
        code: 'validation.refundDestination',
        message: expect.stringContaining('top-up'),
      });
      expect(await balanceOf(db(), session.user.id)).toBe(2000);

      const deduct = await call(
        'POST',
        `/api/admin/users/${session.user.id}/credit`,
        billing,
        { direction: 'deduct', amount: '15', reason: 'Spent on something' },
        { 'idempotency-key': randomUUID() },
      );
      expect(deduct.statusCode, deduct.body).toBe(201);
      const spent = await refund(paymentId, billing, { amount: '10', reason: 'Back', destination: 'card' });
      expect(spent.statusCode).toBe(409);
      expect(spent.json().error.fields.amount.code).toBe('validation.refundBalanceSpent');
      const left = await refund(paymentId, billing, { amount: '5', reason: 'What is left', destination: 'card' });
      expect(left.statusCode, left.body).toBe(201);
      expect(left.json()).toMatchObject({ refunded: { amountMinor: 500 }, balance: { amountMinor: 0 } });
      expect(await balanceOf(db(), session.user.id)).toBe(0);
      const audit = (await auditOf(paymentId)).find((row) => row.action === 'payment.refund');
      expect(JSON.parse(audit!.after!)).toMatchObject({ destination: 'card', providerReference: expect.any(String) });
    });

    it('refunds once under a double click (same key) and under two staff at the same moment', async () => {
      const { session, paymentId } = await completedTopUp('30');
      const key = randomUUID();
      const [first, again] = await Promise.all([
        refund(paymentId, billing, { amount: '30', reason: 'Double click', destination: 'bank_transfer' }, key),
        refund(paymentId, billing, { amount: '30', reason: 'Double click', destination: 'bank_transfer' }, key),
      ]);
      expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
      expect(again.json()).toEqual(first.json());
      await credit(ctx.app, session.user.id, 3000);
      const other = await refund(paymentId, admin, {
        amount: '30',
        reason: 'Second member of staff',
        destination: 'bank_transfer',
      });
      expect(other.statusCode).toBe(409);
      expect(await balanceOf(db(), session.user.id)).toBe(3000);

      const race = await completedTopUp('30');
      const both = await Promise.all([
        refund(race.paymentId, billing, { amount: '30', reason: 'Staff one', destination: 'bank_transfer' }),
        refund(race.paymentId, admin, { amount: '30', reason: 'Staff two', destination: 'bank_transfer' }),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await balanceOf(db(), race.session.user.id)).toBe(0);
    });

    it('refuses a payment that is not completed, a bad amount, a missing reason and an unknown payment', async () => {
      const { session } = await registerVerified(ctx.app);
      const pending = await ctx.app.inject({
        method: 'POST',
        url: '/api/finance/top-ups',
        headers: { authorization: `Bearer ${session.access_token}`, 'idempotency-key': randomUUID() },
        payload: { method: 'bank_transfer', amount: '20' },
      });
      const paymentId = pending.json().payment.id as string;
      const notYet = await refund(paymentId, billing, {
        amount: '5',
        reason: 'Not yet paid',
        destination: 'bank_transfer',
      });
      expect(notYet.statusCode).toBe(409);
      const bad = await refund(paymentId, billing, { amount: '5.555', reason: '' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(['amount', 'destination', 'reason']);
      const unknown = await refund('nope', billing, { amount: '5', reason: 'Unknown', destination: 'balance' });
      expect(unknown.statusCode).toBe(404);
      expect(await balanceOf(db(), session.user.id)).toBe(0);
    });
  });

  describe('exports', () => {
    it('exports hosting of the search, all pages, with a BOM and formula cells neutralised', async () => {
      const { id, owner } = await hosting();
      await db().updateTable('users').set({ firstName: '=HYPERLINK("x")' }).where('id', '=', owner.user.id).execute();
      const response = await call(
        'GET',
        `/api/admin/services/export?kind=hosting&q=${encodeURIComponent(owner.user.email)}&pageSize=10&page=3`,
        support,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toContain('hosting.csv');
      const rows = csvRows(response.rawPayload, ',');
      expect(rows[0]).toEqual([
        'Domain',
        'Name',
        'Plan',
        'Owner',
        'E-mail',
        'Server',
        'Status',
        'Suspension reason',
        'Price',
        'Currency',
        'Expires',
        'Auto-renew',
        'Created',
      ]);
      expect(rows).toHaveLength(2);
      const service = await serviceRow(id);
      expect(rows[1]![0]).toBe(service.domain);
      expect(rows[1]![3]!.startsWith("'=HYPERLINK")).toBe(true);
      expect(rows[1]![8]).toBe('4.99');
      expect((await call('GET', '/api/admin/services/export', billing)).statusCode).toBe(403);
    });

    it('exports domains, transactions and servers with their filters; Russian headings with semicolons', async () => {
      const domains = await call('GET', '/api/admin/domains/export?status=active&lang=ru', admin);
      expect(domains.statusCode, domains.body).toBe(200);
      expect(csvRows(domains.rawPayload, ';')[0]![0]).toBe('Домен');

      const { session } = await registerVerified(ctx.app);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/finance/top-ups',
        headers: { authorization: `Bearer ${session.access_token}`, 'idempotency-key': randomUUID() },
        payload: { method: 'bank_transfer', amount: '12.34' },
      });
      const transactions = await call(
        'GET',
        `/api/admin/transactions/export?status=pending&q=${encodeURIComponent(session.user.email)}`,
        billing,
      );
      expect(transactions.statusCode, transactions.body).toBe(200);
      const rows = csvRows(transactions.rawPayload, ',');
      expect(rows).toHaveLength(2);
      expect(rows[1]!.slice(2, 8)).toEqual([session.user.email, '12.34', '0.00', 'USD', 'Bank transfer', 'Pending']);
      const none = await call(
        'GET',
        `/api/admin/transactions/export?status=failed&q=${encodeURIComponent(session.user.email)}`,
        billing,
      );
      expect(csvRows(none.rawPayload, ',')).toHaveLength(1);

      const servers = await call('GET', '/api/admin/servers/export?sort=services&order=desc', support);
      expect(servers.statusCode, servers.body).toBe(200);
      expect(csvRows(servers.rawPayload, ',')[0]).toEqual([
        'Name',
        'Location',
        'Type',
        'IP address',
        'Status',
        'Services',
        'Capacity',
        'Created',
      ]);
      expect((await call('GET', '/api/admin/transactions/export?status=bogus', billing)).statusCode).toBe(400);
    });
  });
});
