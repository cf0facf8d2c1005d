import { randomUUID } from 'node:crypto';
import { addMonths, DEFAULT_AUTOMATION_SETTINGS, domainYearCents, findServicePlan, toCents } from '@hostpilot/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectMoneyInvariants } from '../../test/money-invariants';
import { type App, buildApp, outboxDir } from '../../app';
import { createMailer } from '../../lib/mail/mailer';
import { fakeClock, login, newAccount, register } from '../../test/auth';
import { addDomain, addService, credit } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { mailsTo } from '../../test/mail';
import { balanceOf, testCardVault } from '../billing';
import { writeAutomationSettings } from './automation-settings';
import { createScheduler, type Scheduler } from './scheduler';

/**
 * A seeded set of accounts lived through 60 simulated days with the injectable clock: the scheduler's jobs issue
 * renewal invoices, pay them from the balance, suspend and bring back overdue services, move a domain through its
 * grace period and close a silent ticket — each once, with its notification, mail, activity, audit and history.
 */

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2030, 0, 1, 3);
const STARTER = toCents(findServicePlan('hosting', 'starter')!.price);
const COM = domainYearCents('.com')!;

interface Person {
  userId: string;
  email: string;
  password: string;
}

async function person(app: App, language: 'en' | 'ru' = 'en'): Promise<Person> {
  const account = newAccount();
  const { session } = await register(app, account);
  await app.database.db
    .updateTable('users')
    .set({ preferredLanguage: language, emailVerifiedAt: T0 })
    .where('id', '=', session.user.id)
    .execute();
  return { userId: session.user.id, email: account.email, password: account.password };
}

async function addAnsweredTicket(app: App, userId: string, at: number): Promise<string> {
  const id = randomUUID();
  const db = app.database.db;
  await db
    .insertInto('tickets')
    .values({
      id,
      number: Math.floor(Math.random() * 1_000_000) + 1000,
      userId,
      subject: 'Mail does not arrive',
      department: 'technical',
      priority: 'medium',
      status: 'answered',
      assignedTo: null,
      createdAt: at - DAY,
      updatedAt: at,
      closedAt: null,
    })
    .execute();
  await db
    .insertInto('ticketMessages')
    .values({ id: randomUUID(), ticketId: id, authorId: null, authorKind: 'staff', body: 'Fixed', createdAt: at })
    .execute();
  return id;
}

describe(`lifecycle automation over 60 days (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock(T0);
  const at = (day: number) => T0 + day * DAY;

  beforeAll(async () => {
    ctx = await createTestApp({}, { clock });
  });
  afterAll(async () => ctx.close());
  // Every scenario leaves the books balanced (docs/decisions/043-refunds-and-due-dates.md).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  const db = () => ctx.app.database.db;
  const service = (id: string) =>
    db().selectFrom('services').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const domain = (id: string) => db().selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const invoicesOf = (userId: string) =>
    db().selectFrom('invoices').selectAll().where('userId', '=', userId).orderBy('sequence').execute();
  const ledgerOf = (userId: string) =>
    db()
      .selectFrom('ledgerEntries')
      .select(['type', 'amountCents'])
      .where('userId', '=', userId)
      .orderBy('createdAt')
      .orderBy('amountCents', 'desc')
      .execute();
  const notesOf = async (userId: string) =>
    (
      await db()
        .selectFrom('notifications')
        .select(['key', 'createdAt'])
        .where('userId', '=', userId)
        .orderBy('createdAt')
        .orderBy('key')
        .execute()
    ).map((n) => n.key);
  const noticeMails = (p: Person) => mailsTo(ctx.config, p.email).filter((m) => m.template === 'account-notice');
  const historyOf = (entityId: string) =>
    db()
      .selectFrom('statusHistory')
      .select(['fromStatus', 'toStatus', 'reason', 'job', 'actorId'])
      .where('entityId', '=', entityId)
      .orderBy('createdAt')
      .execute();

  it('issues, pays, suspends, reactivates, expires and closes on the right days, each once', async () => {
    const app = ctx.app;
    // A: auto-renew with the balance for one month. B: auto-renew with an empty balance, topped up on day 27.
    // D: auto-renew off; the customer renews on day 26 from the dashboard. R (Russian): a .com domain that lapses
    // and a ticket answered by staff on day 0.
    const a = await person(app);
    const b = await person(app);
    const d = await person(app);
    const r = await person(app, 'ru');
    const serviceA = await addService(app, a.userId, { expiresAt: at(20) });
    const serviceB = await addService(app, b.userId, { expiresAt: at(20) });
    const serviceD = await addService(app, d.userId, { expiresAt: at(20) });
    await db().updateTable('services').set({ autoRenew: 0 }).where('id', '=', serviceD).execute();
    const domainR = await addDomain(app, r.userId, { name: 'lapsing-example.com', expiresAt: at(10) });
    await db().updateTable('domains').set({ autoRenew: 0 }).where('id', '=', domainR).execute();
    const ticketR = await addAnsweredTicket(app, r.userId, at(0));
    await credit(app, a.userId, STARTER);

    const live = async (day: number) => {
      clock.advance(at(day) - clock.now());
      await app.scheduler.tick();
    };

    // Day 0: only the domain is within 14 days of expiry.
    await live(0);
    expect(await invoicesOf(r.userId)).toMatchObject([{ status: 'unpaid', totalCents: COM }]);
    expect(await invoicesOf(a.userId)).toEqual([]);

    // Day 5: still nothing for the services (they expire on day 20, 15 days ahead).
    await live(5);
    expect(await invoicesOf(a.userId)).toEqual([]);

    // Day 6: renewal invoices; A's is paid from the balance at once, B is told the balance is short.
    await live(6);
    expect(await invoicesOf(a.userId)).toMatchObject([{ status: 'paid', totalCents: STARTER, paidAt: at(6) }]);
    expect(await ledgerOf(a.userId)).toEqual([
      { type: 'adjustment', amountCents: STARTER },
      { type: 'hosting_renewal', amountCents: -STARTER },
    ]);
    expect(await balanceOf(db(), a.userId)).toBe(0);
    expect((await service(serviceA)).expiresAt).toBe(addMonths(at(20), 1));
    expect(await notesOf(a.userId)).toEqual(['renewalInvoiceIssued', 'renewalPaid']);
    expect(await invoicesOf(b.userId)).toMatchObject([{ status: 'unpaid', totalCents: STARTER }]);
    expect(await notesOf(b.userId)).toEqual(['renewalFundsShort', 'renewalInvoiceIssued']);
    expect(await notesOf(d.userId)).toEqual(['renewalInvoiceIssued']);
    expect(noticeMails(a).map((m) => m.subject)).toEqual(['Renewal invoice', 'Renewed from your balance']);

    // Day 7: the ticket answered on day 0 closes; B is not told twice.
    await live(7);
    const ticket = await db().selectFrom('tickets').selectAll().where('id', '=', ticketR).executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ status: 'closed', closedAt: at(7) });
    expect(await notesOf(b.userId)).toEqual(['renewalFundsShort', 'renewalInvoiceIssued']);

    // Day 10: the domain enters its grace period.
    await live(10);
    expect((await domain(domainR)).status).toBe('graceperiod');

    // Days 11–24: nothing new for B and D while the 5 days after expiry run.
    for (let day = 11; day <= 24; day += 1) await live(day);
    expect((await service(serviceB)).status).toBe('active');

    // Day 25: 5 days after expiry, B and D are suspended for being overdue; A (paid) is not.
    await live(25);
    expect(await service(serviceB)).toMatchObject({ status: 'suspended', suspensionReason: 'overdue' });
    expect(await service(serviceD)).toMatchObject({ status: 'suspended', suspensionReason: 'overdue' });
    expect((await service(serviceA)).status).toBe('active');

    // Day 26: D renews from the dashboard; the scheduled invoice is voided, the service runs again, and the month
    // it paid starts at its expiry (day 20), as the auto-renewal's does: it held the service while suspended.
    await live(26);
    await credit(app, d.userId, STARTER);
    const signIn = await login(app, { email: d.email, password: d.password });
    const renewed = await app.inject({
      method: 'POST',
      url: `/api/services/${serviceD}/renew`,
      headers: { authorization: `Bearer ${signIn.json().access_token}`, 'idempotency-key': randomUUID() },
      payload: { months: 1 },
    });
    expect(renewed.statusCode).toBe(200);
    expect(await service(serviceD)).toMatchObject({
      status: 'active',
      suspensionReason: null,
      expiresAt: addMonths(at(20), 1),
    });
    expect((await invoicesOf(d.userId)).map((i) => i.status)).toEqual(['void', 'paid']);

    // Day 27: B tops up; auto-renew pays the open invoice, extends from the old expiry, and reactivates.
    await credit(app, b.userId, STARTER);
    await live(27);
    expect(await invoicesOf(b.userId)).toMatchObject([{ status: 'paid', paidAt: at(27) }]);
    expect(await service(serviceB)).toMatchObject({
      status: 'active',
      suspensionReason: null,
      expiresAt: addMonths(at(20), 1),
    });
    expect(await ledgerOf(b.userId)).toEqual([
      { type: 'adjustment', amountCents: STARTER },
      { type: 'hosting_renewal', amountCents: -STARTER },
    ]);

    for (let day = 28; day <= 60; day += 1) await live(day);

    // Day 40 passed: the domain lapsed and its renewal invoice was voided.
    expect((await domain(domainR)).status).toBe('expired');
    expect((await invoicesOf(r.userId)).map((i) => i.status)).toEqual(['void']);
    // A's next period (from day 51) was invoiced on day 37 with an empty balance, and A was suspended on day 56.
    expect((await invoicesOf(a.userId)).map((i) => i.status)).toEqual(['paid', 'unpaid']);
    expect(await service(serviceA)).toMatchObject({ status: 'suspended', suspensionReason: 'overdue' });
    expect(await ledgerOf(a.userId)).toHaveLength(2);
    expect(await notesOf(a.userId)).toEqual([
      'renewalInvoiceIssued',
      'renewalPaid',
      'renewalFundsShort',
      'renewalInvoiceIssued',
      'serviceSuspendedOverdue',
    ]);
    expect(noticeMails(a)).toHaveLength(5);
    // D's renewal ran on from day 20, so its next expiry is a month later, with A's; that period's invoice stayed
    // unpaid and D was suspended five days after it, as A was.
    expect(await service(serviceD)).toMatchObject({
      status: 'suspended',
      suspensionReason: 'overdue',
      expiresAt: addMonths(at(20), 1),
    });
    expect((await invoicesOf(d.userId)).map((i) => i.status)).toEqual(['void', 'paid', 'unpaid']);

    // The history names the job, and a person's renewal names the person.
    expect(await historyOf(serviceB)).toEqual([
      { fromStatus: 'active', toStatus: 'suspended', reason: 'overdue', job: 'overdue-suspension', actorId: null },
      { fromStatus: 'suspended', toStatus: 'active', reason: 'paid', job: 'auto-renew', actorId: null },
      { fromStatus: 'active', toStatus: 'suspended', reason: 'overdue', job: 'overdue-suspension', actorId: null },
    ]);
    expect(await historyOf(serviceD)).toEqual([
      { fromStatus: 'active', toStatus: 'suspended', reason: 'overdue', job: 'overdue-suspension', actorId: null },
      { fromStatus: 'suspended', toStatus: 'active', reason: 'paid', job: null, actorId: d.userId },
      { fromStatus: 'active', toStatus: 'suspended', reason: 'overdue', job: 'overdue-suspension', actorId: null },
    ]);
    expect(await historyOf(domainR)).toMatchObject([
      { fromStatus: 'active', toStatus: 'graceperiod', job: 'domain-expiry' },
      { fromStatus: 'graceperiod', toStatus: 'expired', job: 'domain-expiry' },
    ]);

    // The Russian customer reads Russian mails.
    expect(noticeMails(r).map((m) => m.subject)).toEqual([
      'Счёт на продление',
      'Обращение закрыто',
      'Домен в льготном периоде',
      'Регистрация домена истекла',
    ]);
    expect(noticeMails(r).every((m) => m.language === 'ru')).toBe(true);

    // Audit rows carry the job, not a person.
    const audit = await db()
      .selectFrom('auditLog')
      .select(['action', 'actorId'])
      .where('entityId', '=', serviceB)
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual([
      'job.overdue-suspension.service.suspend',
      'job.overdue-suspension.service.suspend',
    ]);
    expect(audit.every((row) => row.actorId === null)).toBe(true);

    // The same jobs run again, forced, on the same day: nothing changes.
    const count = async () => ({
      invoices: (await db().selectFrom('invoices').select('id').execute()).length,
      ledger: (await db().selectFrom('ledgerEntries').select('id').execute()).length,
      notes: (await db().selectFrom('notifications').select('id').execute()).length,
      history: (await db().selectFrom('statusHistory').select('id').execute()).length,
      mails: [a, b, d, r].reduce((sum, p) => sum + noticeMails(p).length, 0),
    });
    const before = await count();
    for (const job of [
      'renewal-invoices',
      'auto-renew',
      'overdue-suspension',
      'domain-expiry',
      'ticket-autoclose',
    ] as const) {
      expect(await app.scheduler.runNow(job)).toEqual({ claimed: true, outcome: 'succeeded', changed: 0 });
    }
    expect(await count()).toEqual(before);
  });
});

describe(`the job lease (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock(T0);

  beforeAll(async () => {
    ctx = await createTestApp({}, { clock });
  });
  afterAll(async () => ctx.close());
  // Every scenario leaves the books balanced (docs/decisions/043-refunds-and-due-dates.md).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  it('takes over a job whose instance died once the lease expires, and not before', async () => {
    const db = ctx.app.database.db;
    expect(await ctx.app.scheduler.runNow('ticket-autoclose')).toMatchObject({ claimed: true });
    await db
      .updateTable('schedulerJobs')
      .set({ leaseOwner: 'dead-instance', leaseExpiresAt: clock.now() + 60_000, outcome: 'running', nextRunAt: 0 })
      .where('name', '=', 'ticket-autoclose')
      .execute();
    expect(await ctx.app.scheduler.runNow('ticket-autoclose')).toEqual({ claimed: false });
    await ctx.app.scheduler.tick();
    expect(
      await db
        .selectFrom('schedulerJobs')
        .select('leaseOwner')
        .where('name', '=', 'ticket-autoclose')
        .executeTakeFirst(),
    ).toEqual({ leaseOwner: 'dead-instance' });
    clock.advance(60_001);
    expect(await ctx.app.scheduler.runNow('ticket-autoclose')).toMatchObject({ claimed: true, outcome: 'succeeded' });
    const row = await db
      .selectFrom('schedulerJobs')
      .selectAll()
      .where('name', '=', 'ticket-autoclose')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ leaseOwner: null, outcome: 'succeeded', lastFinishedAt: clock.now() });
  });
});

/**
 * On PostgreSQL, a second app on the same schema; on SQLite (one process per file, as the product runs it), a
 * second scheduler with its own instance id on the same database.
 */
describe(`two instances on one database (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let secondApp: App | undefined;
  let second: Scheduler;
  const clock = fakeClock(T0);

  beforeAll(async () => {
    ctx = await createTestApp({}, { clock });
    if (DATABASE_UNDER_TEST === 'postgres') {
      secondApp = await buildApp(ctx.config, { serveWebApp: false, clock });
      second = secondApp.scheduler;
    } else {
      const mailer = createMailer({
        smtpUrl: undefined,
        from: 'test@hostpilot.local',
        outboxDir: outboxDir(ctx.config),
      });
      second = createScheduler({
        db: ctx.app.database.db,
        clock,
        mailer,
        log: ctx.app.log,
        intervalMs: 60_000,
        cardVault: testCardVault(() => true),
      });
    }
  });
  afterAll(async () => {
    await secondApp?.close();
    await ctx.close();
  });
  // Every scenario leaves the books balanced (docs/decisions/043-refunds-and-due-dates.md).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  it('passing at once, they run each job once and change each entity once', async () => {
    const customer = await person(ctx.app);
    const ids = await Promise.all(
      Array.from({ length: 6 }, (_, i) => addService(ctx.app, customer.userId, { expiresAt: T0 + (i + 1) * DAY })),
    );
    await credit(ctx.app, customer.userId, 3 * STARTER);
    // A pass that finds a job held by the other instance moves on; the next pass, a minute later, catches up.
    await Promise.all([ctx.app.scheduler.tick(), second.tick(), ctx.app.scheduler.tick()]);
    clock.advance(60_001);
    await Promise.all([ctx.app.scheduler.tick(), second.tick()]);
    const db = ctx.app.database.db;
    const invoices = await db.selectFrom('invoices').selectAll().where('userId', '=', customer.userId).execute();
    expect(invoices).toHaveLength(6);
    expect(invoices.filter((i) => i.status === 'paid')).toHaveLength(3);
    expect(await balanceOf(db, customer.userId)).toBe(0);
    const renewals = await db.selectFrom('renewalInvoices').selectAll().execute();
    expect(new Set(renewals.map((row) => row.entityId))).toEqual(new Set(ids));

    // Forced runs of both at once: the lease lets one through at a time, and neither finds anything left to do.
    const runs = await Promise.all([
      ctx.app.scheduler.runNow('renewal-invoices'),
      second.runNow('renewal-invoices'),
      ctx.app.scheduler.runNow('auto-renew'),
      second.runNow('auto-renew'),
    ]);
    expect(runs.map((run) => (run.claimed && run.outcome === 'succeeded' ? run.changed : 0))).toEqual([0, 0, 0, 0]);
    expect(runs.some((run) => run.claimed)).toBe(true);
    expect(await db.selectFrom('invoices').selectAll().where('userId', '=', customer.userId).execute()).toHaveLength(6);
    expect(
      await db.selectFrom('ledgerEntries').selectAll().where('userId', '=', customer.userId).execute(),
    ).toHaveLength(4);
  });
});

describe(`termination and staff suspensions (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock(T0);

  beforeAll(async () => {
    ctx = await createTestApp({}, { clock });
  });
  afterAll(async () => ctx.close());
  // Every scenario leaves the books balanced (docs/decisions/043-refunds-and-due-dates.md).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  it('terminates overdue services only when turned on, and never lifts or ends a suspension by staff', async () => {
    const app = ctx.app;
    const db = app.database.db;
    const owner = await person(app);
    const overdue = await addService(app, owner.userId, { expiresAt: at(0) });
    const byStaff = await addService(app, owner.userId, { expiresAt: at(0) });
    await app.scheduler.tick();
    await db
      .updateTable('services')
      .set({ status: 'suspended', suspensionReason: 'abuse' })
      .where('id', '=', byStaff)
      .execute();

    // Day 31: the overdue service is suspended; termination is off by default, so it stays so.
    clock.advance(31 * DAY);
    await app.scheduler.tick();
    const status = async (id: string) =>
      db.selectFrom('services').select(['status', 'suspensionReason']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await status(overdue)).toEqual({ status: 'suspended', suspensionReason: 'overdue' });

    await writeAutomationSettings(db, { ...DEFAULT_AUTOMATION_SETTINGS, terminationEnabled: true }, null, clock.now());
    expect(await app.scheduler.runNow('termination')).toEqual({ claimed: true, outcome: 'succeeded', changed: 1 });
    expect((await status(overdue)).status).toBe('cancelled');
    expect(await status(byStaff)).toEqual({ status: 'suspended', suspensionReason: 'abuse' });
    const invoices = await db.selectFrom('invoices').select('status').where('userId', '=', owner.userId).execute();
    expect(invoices.map((i) => i.status).sort()).toEqual(['unpaid', 'void']);
    expect(await notesOf(owner.userId)).toContain('serviceTerminated');

    // Paying the staff-suspended service's renewal extends it but leaves the staff's suspension in place.
    await credit(app, owner.userId, STARTER);
    expect(await app.scheduler.runNow('auto-renew')).toMatchObject({ changed: 1 });
    expect(await status(byStaff)).toEqual({ status: 'suspended', suspensionReason: 'abuse' });
    const renewed = await db
      .selectFrom('services')
      .select('expiresAt')
      .where('id', '=', byStaff)
      .executeTakeFirstOrThrow();
    expect(renewed.expiresAt).toBe(addMonths(at(0), 1));
  });

  const at = (day: number) => T0 + day * DAY;
  const notesOf = async (userId: string) =>
    (await ctx.app.database.db.selectFrom('notifications').select('key').where('userId', '=', userId).execute()).map(
      (n) => n.key,
    );
});
