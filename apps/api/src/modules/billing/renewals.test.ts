import { addMonths, findServicePlan, toCents } from '@hostpilot/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectMoneyInvariants } from '../../test/money-invariants';
import { createTestApp, type TestContext } from '../../test/helpers';
import { addDomain, addService, credit, type Customer, moneyRows, signUpCustomer, withKey } from '../../test/customer';
import { balanceOf } from './ledger';

const STARTER_CENTS = toCents(findServicePlan('hosting', 'starter')!.price);
const SSL_CENTS = toCents(findServicePlan('extra', 'ssl')!.price);
const DAY = 24 * 60 * 60 * 1000;

describe('renewals paid from the balance', () => {
  let ctx: TestContext;
  let customer: Customer;

  beforeAll(async () => {
    ctx = await createTestApp();
    customer = await signUpCustomer(ctx.app);
  });
  afterAll(async () => ctx.close());
  // Every scenario leaves the books balanced (docs/decisions/043-refunds-and-due-dates.md).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  const renew = (url: string, body: unknown, headers: Record<string, string> = withKey(customer)) =>
    ctx.app.inject({ method: 'POST', url, headers, payload: body as object });

  it('renews a hosting service: paid invoice with its line, ledger charge, new expiry, all at the catalogue price', async () => {
    const expiresAt = Date.now() + 10 * DAY;
    const id = await addService(ctx.app, customer.userId, { expiresAt });
    await credit(ctx.app, customer.userId, 3 * STARTER_CENTS + 100);
    const response = await renew(`/api/services/${id}/renew`, { months: 3, price: 1 });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.invoice).toMatchObject({
      status: 'paid',
      total: { amountMinor: 3 * STARTER_CENTS, currency: 'USD' },
    });
    expect(answer.balance).toEqual({ amountMinor: 100, currency: 'USD' });
    expect(answer.expiresAt).toBe(new Date(addMonths(expiresAt, 3)).toISOString());

    const db = ctx.app.database.db;
    const lines = await db.selectFrom('invoiceLines').selectAll().where('invoiceId', '=', answer.invoice.id).execute();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      quantity: 3,
      unitPriceCents: STARTER_CENTS,
      amountCents: 3 * STARTER_CENTS,
      serviceId: id,
    });
    const entries = await db
      .selectFrom('ledgerEntries')
      .selectAll()
      .where('invoiceId', '=', answer.invoice.id)
      .execute();
    expect(entries).toMatchObject([{ type: 'hosting_renewal', amountCents: -3 * STARTER_CENTS, serviceId: id }]);
    const service = await db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(service.expiresAt).toBe(addMonths(expiresAt, 3));
    const notes = await db.selectFrom('notifications').selectAll().where('userId', '=', customer.userId).execute();
    expect(notes.map((n) => n.key)).toContain('serviceRenewed');
    const activity = await db.selectFrom('activity').selectAll().where('subjectId', '=', id).execute();
    expect(activity.map((a) => a.action)).toEqual(['service.renewed']);
  });

  it('reactivates an expired service from today, recording the status change', async () => {
    const id = await addService(ctx.app, customer.userId, { status: 'expired', expiresAt: Date.now() - 5 * DAY });
    await credit(ctx.app, customer.userId, STARTER_CENTS);
    const before = Date.now();
    const response = await renew(`/api/services/${id}/renew`, { months: 1 });
    expect(response.statusCode).toBe(200);
    const db = ctx.app.database.db;
    const service = await db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(service.status).toBe('active');
    expect(service.expiresAt).toBeGreaterThanOrEqual(addMonths(before, 1));
    const history = await db.selectFrom('statusHistory').selectAll().where('entityId', '=', id).execute();
    expect(history).toMatchObject([
      { entityType: 'service', fromStatus: 'expired', toStatus: 'active', actorId: customer.userId },
    ]);
  });

  it('prices a yearly extra per year and refuses monthly periods for it', async () => {
    const id = await addService(ctx.app, customer.userId, { kind: 'extra', planId: 'ssl' });
    const monthly = await renew(`/api/services/${id}/renew`, { months: 1 });
    expect(monthly.statusCode).toBe(400);
    expect(monthly.json().error.fields.months.code).toBe('validation.period');
    await credit(ctx.app, customer.userId, 2 * SSL_CENTS);
    const response = await renew(`/api/services/${id}/renew`, { months: 24 });
    expect(response.statusCode).toBe(200);
    expect(response.json().invoice.total.amountMinor).toBe(2 * SSL_CENTS);
    const entry = await ctx.app.database.db
      .selectFrom('ledgerEntries')
      .selectAll()
      .where('serviceId', '=', id)
      .executeTakeFirstOrThrow();
    expect(entry.type).toBe('service_renewal');
  });

  it('answers 409 INSUFFICIENT_FUNDS and writes nothing when the balance does not cover the price', async () => {
    const poor = await signUpCustomer(ctx.app);
    const expiresAt = Date.now() + 3 * DAY;
    const id = await addService(ctx.app, poor.userId, { expiresAt });
    await credit(ctx.app, poor.userId, STARTER_CENTS - 1);
    const before = await moneyRows(ctx.app, poor.userId);
    const key = withKey(poor);
    const response = await renew(`/api/services/${id}/renew`, { months: 1 }, key);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await moneyRows(ctx.app, poor.userId)).toEqual(before);
    const service = await ctx.app.database.db
      .selectFrom('services')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(service.expiresAt).toBe(expiresAt);
    // The refusal was not stored under its key: after adding funds, the same request goes through.
    await credit(ctx.app, poor.userId, 1);
    expect((await renew(`/api/services/${id}/renew`, { months: 1 }, key)).statusCode).toBe(200);
    expect(await balanceOf(ctx.app.database.db, poor.userId)).toBe(0);
  });

  it("refuses unknown periods, other customers' services and domains (404), and cancelled services", async () => {
    const id = await addService(ctx.app, customer.userId);
    for (const months of [0, 2, -1, 1.5, '1']) {
      const response = await renew(`/api/services/${id}/renew`, { months });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.months.code).toBe('validation.period');
    }
    const other = await signUpCustomer(ctx.app);
    const theirs = await addService(ctx.app, other.userId);
    const theirDomain = await addDomain(ctx.app, other.userId);
    await credit(ctx.app, customer.userId, 10_000);
    expect((await renew(`/api/services/${theirs}/renew`, { months: 1 })).statusCode).toBe(404);
    expect((await renew(`/api/domains/${theirDomain}/renew`, { years: 1 })).statusCode).toBe(404);
    expect((await renew('/api/services/no-such-id/renew', { months: 1 })).statusCode).toBe(404);
    const cancelled = await addService(ctx.app, customer.userId, { status: 'cancelled' });
    const refused = await renew(`/api/services/${cancelled}/renew`, { months: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INVALID_STATE');
    expect(await moneyRows(ctx.app, other.userId)).toMatchObject({ ledger: 0, invoices: 0 });
  });

  it('renews a domain in its grace period for whole years at its TLD price', async () => {
    const expiresAt = Date.now() - 2 * DAY;
    const id = await addDomain(ctx.app, customer.userId, { status: 'graceperiod', expiresAt });
    expect((await renew(`/api/domains/${id}/renew`, { years: 4 })).json().error.fields.years.code).toBe(
      'validation.period',
    );
    await credit(ctx.app, customer.userId, 2 * 999);
    const response = await renew(`/api/domains/${id}/renew`, { years: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json().invoice.total.amountMinor).toBe(2 * 999);
    const domain = await ctx.app.database.db
      .selectFrom('domains')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(domain.status).toBe('active');
    // In its grace period the domain was still the customer's: the two years run on from its expiry.
    expect(domain.expiresAt).toBe(addMonths(expiresAt, 24));
  });

  it('lets exactly one of 20 concurrent renewals through when the balance covers one', async () => {
    const racer = await signUpCustomer(ctx.app);
    const ids = await Promise.all(Array.from({ length: 4 }, () => addService(ctx.app, racer.userId)));
    await credit(ctx.app, racer.userId, STARTER_CENTS + STARTER_CENTS - 1);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        renew(`/api/services/${ids[i % ids.length]}/renew`, { months: 1 }, withKey(racer)),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of responses.filter((x) => x.statusCode === 409))
      expect(r.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(ctx.app.database.db, racer.userId)).toBe(STARTER_CENTS - 1);
    expect(await moneyRows(ctx.app, racer.userId)).toMatchObject({ ledger: 2, invoices: 1 });
  });

  it('moves money once for 10 concurrent copies of one renewal (same key)', async () => {
    const id = await addService(ctx.app, customer.userId);
    await credit(ctx.app, customer.userId, 10 * STARTER_CENTS);
    const balance = await balanceOf(ctx.app.database.db, customer.userId);
    const headers = withKey(customer);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => renew(`/api/services/${id}/renew`, { months: 1 }, headers)),
    );
    const bodies = new Set(responses.map((r) => r.body));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(bodies.size).toBe(1);
    expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(balance - STARTER_CENTS);
  });
});
