import { ADMIN_ROLE, BILLING_ROLE, DEFAULT_AUTOMATION_SETTINGS, SUPPORT_ROLE } from '@hostpilot/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, getAs, staffSession } from '../../test/admin';
import type { Session } from '../../test/auth';
import { addService, signUpCustomer } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { expectMoneyInvariants } from '../../test/money-invariants';

const DAY = 24 * 60 * 60 * 1000;

describe(`the scheduler in the back office (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let admin: Session;
  let billing: Session;
  let support: Session;

  beforeAll(async () => {
    ctx = await createTestApp(ADMIN_TEST_ENV);
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    billing = await staffSession(ctx.app, BILLING_ROLE);
    support = await staffSession(ctx.app, SUPPORT_ROLE);
  });
  afterAll(async () => ctx.close());
  // Every scenario leaves the books balanced (decision 043).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  const send = (method: 'POST' | 'PUT', url: string, session: Session, payload?: object) =>
    ctx.app.inject({ method, url, headers: { authorization: `Bearer ${session.access_token}` }, payload });

  it('lists every job, runs one now for an administrator, and audits it', async () => {
    const before = (await getAs(ctx.app, '/api/admin/scheduler', admin)).json();
    expect(before.enabled).toBe(false);
    expect(before.jobs.map((job: { name: string }) => job.name)).toEqual([
      'renewal-invoices',
      'auto-renew',
      'overdue-suspension',
      'termination',
      'domain-expiry',
      'ticket-autoclose',
      'order-expiry',
      'server-samples',
      'certificate-renewal',
      'usage-collection',
    ]);
    expect(before.jobs[0]).toMatchObject({ lastFinishedAt: null, outcome: null });

    const service = await addService(ctx.app, admin.user.id, { expiresAt: Date.now() - 6 * DAY });
    const run = await send('POST', '/api/admin/scheduler/overdue-suspension/run', admin);
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ name: 'overdue-suspension', outcome: 'succeeded', changed: 1, error: null });
    expect(Date.parse(run.json().nextRunAt)).toBeGreaterThan(Date.parse(run.json().lastFinishedAt));

    const audit = await ctx.app.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'scheduler.run')
      .execute();
    expect(audit).toMatchObject([
      { actorId: admin.user.id, entityType: 'scheduler_job', entityId: 'overdue-suspension' },
    ]);

    // The service's history shows the job's change, to staff who may read hosting.
    const history = await getAs(ctx.app, `/api/admin/services/${service}/history`, support);
    expect(history.statusCode).toBe(200);
    expect(history.json().items).toMatchObject([
      { from: 'active', to: 'suspended', reason: 'overdue', job: 'overdue-suspension', actor: null },
    ]);
    expect((await getAs(ctx.app, `/api/admin/services/${service}/history`, billing)).statusCode).toBe(403);
    expect((await getAs(ctx.app, '/api/admin/services/no-such-service/history', admin)).statusCode).toBe(404);
    expect((await getAs(ctx.app, '/api/admin/domains/no-such-domain/history', admin)).statusCode).toBe(404);
  });

  // Issue 26: a renewal invoice was due 14 days after it was issued, after the service it renews ran out.
  it('issues a renewal invoice due at the expiry it renews, and suspends for being overdue counted from there', async () => {
    const customer = await signUpCustomer(ctx.app);
    const expiresAt = Date.now() + 10 * DAY;
    await addService(ctx.app, customer.userId, { expiresAt });
    const run = await send('POST', '/api/admin/scheduler/renewal-invoices/run', admin);
    expect(run.statusCode).toBe(200);
    const invoices = await ctx.app.inject({ method: 'GET', url: '/api/finance/invoices', headers: customer.headers });
    expect(invoices.statusCode).toBe(200);
    expect(invoices.json().items).toMatchObject([{ status: 'unpaid', dueAt: new Date(expiresAt).toISOString() }]);

    // Overdue counting starts at the due date: a service whose renewal is unpaid N days after it is suspended.
    const { suspendAfterDays } = DEFAULT_AUTOMATION_SETTINGS;
    const late = await signUpCustomer(ctx.app);
    const lapsed = Date.now() - (suspendAfterDays + 1) * DAY;
    const service = await addService(ctx.app, late.userId, { expiresAt: lapsed });
    expect((await send('POST', '/api/admin/scheduler/renewal-invoices/run', admin)).statusCode).toBe(200);
    const overdue = await ctx.app.inject({ method: 'GET', url: '/api/finance/invoices', headers: late.headers });
    expect(overdue.json().items).toMatchObject([{ status: 'unpaid', dueAt: new Date(lapsed).toISOString() }]);
    expect((await send('POST', '/api/admin/scheduler/overdue-suspension/run', admin)).statusCode).toBe(200);
    const row = await ctx.app.database.db
      .selectFrom('services')
      .select(['status', 'suspensionReason'])
      .where('id', '=', service)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'suspended', suspensionReason: 'overdue' });
  });

  it('refuses a run to staff without system.maintenance, and a job that does not exist', async () => {
    const refused = await send('POST', '/api/admin/scheduler/auto-renew/run', billing);
    expect(refused.statusCode).toBe(403);
    const unknown = await send('POST', '/api/admin/scheduler/make-coffee/run', admin);
    expect(unknown.statusCode).toBe(400);
  });

  it('reads and changes the automation settings, refusing a termination before the suspension', async () => {
    const read = await getAs(ctx.app, '/api/admin/settings/automation', admin);
    expect(read.json()).toEqual(DEFAULT_AUTOMATION_SETTINGS);

    const bad = await send('PUT', '/api/admin/settings/automation', admin, {
      ...DEFAULT_AUTOMATION_SETTINGS,
      suspendAfterDays: 10,
      terminateAfterDays: 10,
      ticketCloseDays: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      terminateAfterDays: { code: 'validation.terminateAfterSuspend' },
      ticketCloseDays: { code: 'validation.days' },
    });

    const next = { ...DEFAULT_AUTOMATION_SETTINGS, terminationEnabled: true, ticketCloseDays: 3 };
    expect((await send('PUT', '/api/admin/settings/automation', billing, next)).statusCode).toBe(403);
    const saved = await send('PUT', '/api/admin/settings/automation', admin, next);
    expect(saved.statusCode).toBe(200);
    expect((await getAs(ctx.app, '/api/admin/settings/automation', support)).statusCode).toBe(403);
    expect((await getAs(ctx.app, '/api/admin/settings/automation', admin)).json()).toEqual(next);
    const audit = await ctx.app.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'settings.automation.update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toEqual(next);
  });
});
