import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../../test/auth';
import { addDomain, addService, credit, type Customer, signUpCustomer } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/**
 * The kept dashboard summary (docs/decisions/039-account-generation-and-kept-answers.md): every change the
 * summary can show moves the account's generation in its own transaction, so the next call answers it; time
 * alone brings the next expiry into the 30-day window; what the summary does not show moves nothing.
 */
describe(`kept dashboard summary (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock(Date.now());
  let customer: Customer;
  let other: Customer;

  const summary = async (who: Customer) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: who.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.json() as {
      counts: { hosting: number; domains: number; services: number; openTickets: number };
      expiringSoon: { id: string; kind: string }[];
      balance: { amountMinor: number };
      unreadNotifications: number;
      notifications: { id: string }[];
    };
  };
  const generation = async (userId: string) => {
    const row = await ctx.app.database.db
      .selectFrom('accountGenerations')
      .select('value')
      .where('userId', '=', userId)
      .executeTakeFirst();
    return Number(row?.value ?? 0);
  };

  beforeAll(async () => {
    ctx = await createTestApp({}, { clock });
    customer = await signUpCustomer(ctx.app);
    other = await signUpCustomer(ctx.app);
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('answers each change of the account on the next call, and the same answer while nothing changes', async () => {
    const empty = await summary(customer);
    expect(empty.counts).toEqual({ hosting: 0, domains: 0, services: 0, openTickets: 0 });
    expect(await summary(customer)).toEqual(empty);

    const serviceId = await addService(ctx.app, customer.userId, { expiresAt: clock.now() + 90 * DAY });
    expect((await summary(customer)).counts.hosting).toBe(1);

    await credit(ctx.app, customer.userId, 2_500);
    expect((await summary(customer)).balance.amountMinor).toBe(2_500);

    await addDomain(ctx.app, customer.userId, { expiresAt: clock.now() + 5 * DAY });
    const withDomain = await summary(customer);
    expect(withDomain.counts.domains).toBe(1);
    expect(withDomain.expiringSoon.map((item) => item.kind)).toEqual(['domain']);

    // A status the summary does not count (cancelled) and an expiry inside the window both show at once.
    await ctx.app.database.db
      .updateTable('services')
      .set({ expiresAt: clock.now() + 3 * DAY })
      .where('id', '=', serviceId)
      .execute();
    expect((await summary(customer)).expiringSoon.map((item) => item.id)).toContain(serviceId);
    await ctx.app.database.db
      .updateTable('services')
      .set({ status: 'cancelled' })
      .where('id', '=', serviceId)
      .execute();
    const cancelled = await summary(customer);
    expect(cancelled.counts.hosting).toBe(0);
    expect(cancelled.expiringSoon.map((item) => item.id)).not.toContain(serviceId);
  });

  it('answers a notification read through the API and a ticket answered by staff', async () => {
    const notificationId = randomUUID();
    await ctx.app.database.db
      .insertInto('notifications')
      .values({
        id: notificationId,
        userId: customer.userId,
        type: 'info',
        key: 'welcome',
        params: '{}',
        createdAt: clock.now(),
        readAt: null,
      })
      .execute();
    const unread = await summary(customer);
    expect(unread.unreadNotifications).toBe(1);
    expect(unread.notifications[0]!.id).toBe(notificationId);
    const read = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/${notificationId}/read`,
      headers: customer.headers,
    });
    expect(read.statusCode).toBeLessThan(300);
    expect((await summary(customer)).unreadNotifications).toBe(0);

    const opened = await ctx.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: customer.headers,
      payload: {
        department: 'technical',
        priority: 'low',
        subject: 'A question about my plan',
        message: 'How do I add a second site?',
      },
    });
    expect(opened.statusCode).toBe(201);
    expect((await summary(customer)).counts.openTickets).toBe(1);
    await ctx.app.database.db
      .updateTable('tickets')
      .set({ status: 'answered' })
      .where('userId', '=', customer.userId)
      .execute();
    expect((await summary(customer)).counts.openTickets).toBe(0);
  });

  it('brings the next expiry into the window as time passes, with nothing written', async () => {
    const later = await addService(ctx.app, customer.userId, {
      kind: 'extra',
      planId: 'ssl',
      expiresAt: clock.now() + 30 * DAY + MINUTE,
    });
    expect((await summary(customer)).expiringSoon.map((item) => item.id)).not.toContain(later);
    const before = await generation(customer.userId);
    // Two minutes: the access token still holds, and the window now reaches the service.
    clock.advance(2 * MINUTE);
    expect((await summary(customer)).expiringSoon.map((item) => item.id)).toContain(later);
    expect(await generation(customer.userId)).toBe(before);
  });

  it('moves both owners when a service changes hands, and nothing for a change the summary does not show', async () => {
    const serviceId = await addService(ctx.app, customer.userId, { expiresAt: clock.now() + 200 * DAY });
    const mine = (await summary(customer)).counts.hosting;
    const theirs = (await summary(other)).counts.hosting;
    await ctx.app.database.db
      .updateTable('services')
      .set({ userId: other.userId })
      .where('id', '=', serviceId)
      .execute();
    expect((await summary(customer)).counts.hosting).toBe(mine - 1);
    expect((await summary(other)).counts.hosting).toBe(theirs + 1);

    const before = await generation(other.userId);
    await ctx.app.database.db
      .updateTable('services')
      .set({ updatedAt: clock.now() })
      .where('id', '=', serviceId)
      .execute();
    expect(await generation(other.userId)).toBe(before);
  });

  it('keeps generations apart: one account changing leaves the other where it was', async () => {
    const before = await generation(other.userId);
    await credit(ctx.app, customer.userId, 100);
    expect(await generation(other.userId)).toBe(before);
  });
});
