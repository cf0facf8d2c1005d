import { addMonths, findServicePlan, planChangeQuote, toCents } from '@hostpilot/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectMoneyInvariants } from '../../test/money-invariants';
import { fakeClock } from '../../test/auth';
import { addService, credit, type Customer, moneyRows, signUpCustomer, withKey } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { balanceOf } from '../billing';

/** Plan changes (docs/decisions/037-plan-changes.md): upgrades now and prorated, downgrades at the renewal. */

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2030, 0, 1, 3);
const cents = (kind: 'hosting' | 'vds', id: string) => toCents(findServicePlan(kind, id)!.price);
const STARTER = cents('hosting', 'starter');
const BUSINESS = cents('hosting', 'business');
// Expires on 18 January 08:00: the paid month began on 18 December (31 days) and 17 whole days are left at T0.
const EXPIRES = Date.UTC(2030, 0, 18, 8);
// floor((5.99 − 2.99) × 17 / 31) in cents: 300 × 17 / 31 = 164.51…
const UPGRADE_CENTS = 164;

describe(`plan changes (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let customer: Customer;
  const clock = fakeClock(T0);

  beforeAll(async () => {
    ctx = await createTestApp({}, { clock });
    customer = await signUpCustomer(ctx.app);
  });
  afterAll(async () => ctx.close());
  // Every scenario leaves the books balanced (docs/decisions/043-refunds-and-due-dates.md).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  const db = () => ctx.app.database.db;
  const service = (id: string) =>
    db().selectFrom('services').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const change = (id: string, body: unknown, headers: Record<string, string> = withKey(customer)) =>
    ctx.app.inject({ method: 'POST', url: `/api/services/${id}/plan`, headers, payload: body as object });
  const cancelPending = (id: string, who: Customer = customer) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/services/${id}/pending-plan`, headers: who.headers });

  it('computes the prorated difference in whole cents, in the customer’s favour', () => {
    const starter = findServicePlan('hosting', 'starter')!;
    const business = findServicePlan('hosting', 'business')!;
    expect(planChangeQuote({ from: starter, to: business, expiresAt: EXPIRES, now: T0 })).toEqual({
      direction: 'upgrade',
      remainingDays: 17,
      periodDays: 31,
      amountCents: UPGRADE_CENTS,
    });
    // The last, started day is free; a cheaper plan costs nothing now.
    expect(planChangeQuote({ from: starter, to: business, expiresAt: T0 + DAY - 1, now: T0 }).amountCents).toBe(0);
    expect(planChangeQuote({ from: business, to: starter, expiresAt: EXPIRES, now: T0 })).toMatchObject({
      direction: 'downgrade',
      amountCents: 0,
    });
  });

  it('upgrades at once: one paid invoice line, the ledger charge, the new plan and price, notice, activity, audit', async () => {
    const id = await addService(ctx.app, customer.userId, { expiresAt: EXPIRES });
    await credit(ctx.app, customer.userId, 1000);
    const response = await change(id, { planId: 'business', amountMinor: 1 });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      direction: 'upgrade',
      plan: { id: 'business', name: 'Business' },
      pendingPlan: null,
      price: { amountMinor: BUSINESS, currency: 'USD' },
      charged: { amountMinor: UPGRADE_CENTS, currency: 'USD' },
      balance: { amountMinor: 1000 - UPGRADE_CENTS, currency: 'USD' },
      invoice: { status: 'paid', total: { amountMinor: UPGRADE_CENTS } },
      expiresAt: new Date(EXPIRES).toISOString(),
    });
    const lines = await db()
      .selectFrom('invoiceLines')
      .selectAll()
      .where('invoiceId', '=', answer.invoice.id)
      .execute();
    expect(lines).toMatchObject([
      { descriptionKey: 'invoiceLines.planUpgrade', quantity: 1, unitPriceCents: UPGRADE_CENTS, serviceId: id },
    ]);
    const entries = await db()
      .selectFrom('ledgerEntries')
      .selectAll()
      .where('invoiceId', '=', answer.invoice.id)
      .execute();
    expect(entries).toMatchObject([{ type: 'plan_change', amountCents: -UPGRADE_CENTS, serviceId: id }]);
    expect(await service(id)).toMatchObject({ planId: 'business', priceCents: BUSINESS, expiresAt: EXPIRES });
    const audit = await db().selectFrom('auditLog').selectAll().where('entityId', '=', id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'service.planUpgrade', actorId: customer.userId });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ planId: 'business', chargedCents: UPGRADE_CENTS });
    const activity = await db().selectFrom('activity').select('action').where('subjectId', '=', id).execute();
    expect(activity.map((a) => a.action)).toEqual(['service.planUpgraded']);
    const notes = await db().selectFrom('notifications').select('key').where('userId', '=', customer.userId).execute();
    expect(notes.map((n) => n.key)).toContain('servicePlanUpgraded');
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/hosting/${id}`, headers: customer.headers });
    expect(shown.json()).toMatchObject({ plan: { id: 'business' }, price: { amountMinor: BUSINESS } });
  });

  it('charges once for a double submit with the same Idempotency-Key, and answers the same', async () => {
    const buyer = await signUpCustomer(ctx.app);
    const id = await addService(ctx.app, buyer.userId, { expiresAt: EXPIRES });
    await credit(ctx.app, buyer.userId, 1000);
    const headers = withKey(buyer);
    const [first, second] = await Promise.all([
      change(id, { planId: 'business' }, headers),
      change(id, { planId: 'business' }, headers),
    ]);
    const third = await change(id, { planId: 'business' }, headers);
    for (const response of [first, second, third]) expect(response.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(third.json()).toEqual(first.json());
    expect(await balanceOf(db(), buyer.userId)).toBe(1000 - UPGRADE_CENTS);
    expect((await moneyRows(ctx.app, buyer.userId)).ledger).toBe(2);
  });

  it('answers 409 INSUFFICIENT_FUNDS and changes nothing when the balance does not cover the difference', async () => {
    const poor = await signUpCustomer(ctx.app);
    const id = await addService(ctx.app, poor.userId, { expiresAt: EXPIRES });
    await credit(ctx.app, poor.userId, UPGRADE_CENTS - 1);
    const before = await moneyRows(ctx.app, poor.userId);
    const response = await change(id, { planId: 'business' }, withKey(poor));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await moneyRows(ctx.app, poor.userId)).toEqual(before);
    expect(await service(id)).toMatchObject({ planId: 'starter', priceCents: STARTER, pendingPlanId: null });
    expect(await db().selectFrom('auditLog').selectAll().where('entityId', '=', id).execute()).toEqual([]);
  });

  it('schedules a downgrade for the renewal, free now; the customer can cancel it', async () => {
    const id = await addService(ctx.app, customer.userId, { planId: 'enterprise', expiresAt: EXPIRES });
    const before = await balanceOf(db(), customer.userId);
    const response = await change(id, { planId: 'starter' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      direction: 'downgrade',
      plan: { id: 'enterprise' },
      pendingPlan: { id: 'starter', name: 'Starter' },
      charged: { amountMinor: 0 },
      invoice: null,
    });
    expect(await balanceOf(db(), customer.userId)).toBe(before);
    expect(await service(id)).toMatchObject({ planId: 'enterprise', pendingPlanId: 'starter' });
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/hosting/${id}`, headers: customer.headers });
    expect(shown.json().pendingPlan).toEqual({ id: 'starter', name: 'Starter' });

    const other = await signUpCustomer(ctx.app);
    expect((await cancelPending(id, other)).statusCode).toBe(404);
    const cancelled = await cancelPending(id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ plan: { id: 'enterprise' }, pendingPlan: null });
    expect((await service(id)).pendingPlanId).toBeNull();
    const again = await cancelPending(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields.planId.code).toBe('validation.planNoPending');
    const audit = await db()
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', id)
      .orderBy('createdAt')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['service.planDowngrade', 'service.planDowngradeCancel']);
  });

  it('replaces a pending downgrade with another, and an upgrade clears it', async () => {
    const owner = await signUpCustomer(ctx.app);
    const id = await addService(ctx.app, owner.userId, { planId: 'business', expiresAt: EXPIRES });
    await credit(ctx.app, owner.userId, 1000);
    expect((await change(id, { planId: 'starter' }, withKey(owner))).statusCode).toBe(200);
    expect((await service(id)).pendingPlanId).toBe('starter');
    const upgraded = await change(id, { planId: 'enterprise' }, withKey(owner));
    expect(upgraded.statusCode).toBe(200);
    // floor((9.99 − 5.99) × 17 / 31) in cents: 400 × 17 / 31 = 219.35…
    expect(upgraded.json()).toMatchObject({ pendingPlan: null, charged: { amountMinor: 219 } });
    expect(await service(id)).toMatchObject({ planId: 'enterprise', pendingPlanId: null });
    expect((await change(id, { planId: 'starter' }, withKey(owner))).statusCode).toBe(200);
    expect((await change(id, { planId: 'business' }, withKey(owner))).json().pendingPlan).toEqual({
      id: 'business',
      name: 'Business',
    });
    expect(await service(id)).toMatchObject({ planId: 'enterprise', pendingPlanId: 'business' });
  });

  it('applies a scheduled downgrade at the renewal the scheduler invoices and pays, at the new plan’s price', async () => {
    const owner = await signUpCustomer(ctx.app);
    const expiresAt = T0 + 20 * DAY;
    const id = await addService(ctx.app, owner.userId, { planId: 'business', expiresAt });
    expect((await change(id, { planId: 'starter' }, withKey(owner))).statusCode).toBe(200);
    await credit(ctx.app, owner.userId, STARTER);
    clock.advance(10 * DAY);
    try {
      await ctx.app.scheduler.tick();
      const invoices = await db().selectFrom('invoices').selectAll().where('userId', '=', owner.userId).execute();
      expect(invoices).toMatchObject([{ status: 'paid', totalCents: STARTER }]);
      expect(await service(id)).toMatchObject({
        planId: 'starter',
        priceCents: STARTER,
        pendingPlanId: null,
        expiresAt: addMonths(expiresAt, 1),
      });
      expect(await balanceOf(db(), owner.userId)).toBe(0);
      const notes = await db().selectFrom('notifications').select('key').where('userId', '=', owner.userId).execute();
      expect(notes.map((n) => n.key)).toContain('servicePlanChanged');
    } finally {
      clock.advance(-10 * DAY);
    }
  });

  it('reprices an open renewal invoice when a downgrade is chosen after it was issued, and a manual renewal applies it', async () => {
    // The scheduler's jobs run once per interval: this test lives two days after the previous one's run, and signs
    // up then so that its access token is fresh.
    clock.advance(12 * DAY);
    try {
      const owner = await signUpCustomer(ctx.app);
      const id = await addService(ctx.app, owner.userId, { planId: 'business', expiresAt: T0 + 22 * DAY });
      await ctx.app.scheduler.tick(); // no balance: the invoice stays open
      const [open] = await db().selectFrom('invoices').selectAll().where('userId', '=', owner.userId).execute();
      expect(open).toMatchObject({ status: 'unpaid', totalCents: BUSINESS });
      expect((await change(id, { planId: 'starter' }, withKey(owner))).statusCode).toBe(200);
      const repriced = await db()
        .selectFrom('invoices')
        .selectAll()
        .where('id', '=', open!.id)
        .executeTakeFirstOrThrow();
      expect(repriced.totalCents).toBe(STARTER);
      const line = await db()
        .selectFrom('invoiceLines')
        .selectAll()
        .where('invoiceId', '=', open!.id)
        .executeTakeFirstOrThrow();
      expect(line).toMatchObject({ unitPriceCents: STARTER, amountCents: STARTER });
      // Cancelling the downgrade prices it back.
      expect((await cancelPending(id, owner)).statusCode).toBe(200);
      expect(
        (await db().selectFrom('invoices').select('totalCents').where('id', '=', open!.id).executeTakeFirstOrThrow())
          .totalCents,
      ).toBe(BUSINESS);
      expect((await change(id, { planId: 'starter' }, withKey(owner))).statusCode).toBe(200);
      await credit(ctx.app, owner.userId, STARTER);
      const renewed = await ctx.app.inject({
        method: 'POST',
        url: `/api/services/${id}/renew`,
        headers: withKey(owner),
        payload: { months: 1 },
      });
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json().invoice.total.amountMinor).toBe(STARTER);
      expect(await service(id)).toMatchObject({ planId: 'starter', priceCents: STARTER, pendingPlanId: null });
    } finally {
      clock.advance(-12 * DAY);
    }
  });

  it("refuses what cannot change, another customer's service (404) and bad bodies, writing nothing", async () => {
    const who = await signUpCustomer(ctx.app);
    await credit(ctx.app, who.userId, 100_000);
    const active = await addService(ctx.app, who.userId, { expiresAt: EXPIRES });
    const suspended = await addService(ctx.app, who.userId, { status: 'suspended', expiresAt: EXPIRES });
    const cancelled = await addService(ctx.app, who.userId, { status: 'cancelled', expiresAt: EXPIRES });
    const cs2 = await addService(ctx.app, who.userId, { kind: 'game', planId: 'cs2-basic', expiresAt: EXPIRES });
    const ssl = await addService(ctx.app, who.userId, { kind: 'extra', planId: 'ssl', expiresAt: EXPIRES });
    const before = await moneyRows(ctx.app, who.userId);
    const refused = async (id: string, body: unknown, status: number, key: string) => {
      const response = await change(id, body, withKey(who));
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error.fields.planId.code).toBe(key);
    };
    await refused(suspended, { planId: 'business' }, 409, 'validation.planChangeState');
    await refused(cancelled, { planId: 'business' }, 409, 'validation.planChangeState');
    await refused(active, { planId: 'starter' }, 409, 'validation.planSame');
    await refused(active, { planId: 'vds-pro' }, 409, 'validation.planNotOffered');
    await refused(active, { planId: 'no-such-plan' }, 409, 'validation.planNotOffered');
    await refused(cs2, { planId: 'minecraft-pro' }, 409, 'validation.planNotOffered');
    await refused(ssl, { planId: 'backup' }, 409, 'validation.planNotOffered');
    await refused(active, {}, 400, 'validation.planChoose');
    await refused(active, { planId: '' }, 400, 'validation.planChoose');
    await db().updateTable('services').set({ cancelRequestedAt: T0 }).where('id', '=', active).execute();
    await refused(active, { planId: 'business' }, 409, 'validation.planChangeCancelPending');
    await db().updateTable('services').set({ cancelRequestedAt: null }).where('id', '=', active).execute();
    // Game plans move within their game.
    expect((await change(cs2, { planId: 'cs2-pro' }, withKey(who))).statusCode).toBe(200);

    const theirs = await addService(ctx.app, customer.userId, { expiresAt: EXPIRES });
    const notMine = await change(theirs, { planId: 'business' }, withKey(who));
    expect(notMine.statusCode).toBe(404);
    expect((await change('no-such-id', { planId: 'business' }, withKey(who))).statusCode).toBe(404);
    expect((await cancelPending('no-such-id', who)).statusCode).toBe(404);
    expect(await service(theirs)).toMatchObject({ planId: 'starter', pendingPlanId: null });
    expect(await service(active)).toMatchObject({ planId: 'starter', pendingPlanId: null });
    const after = await moneyRows(ctx.app, who.userId);
    expect(after.ledger).toBe(before.ledger + 1); // only the CS2 upgrade
    const unauthenticated = await ctx.app.inject({
      method: 'POST',
      url: `/api/services/${active}/plan`,
      payload: { planId: 'business' },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
