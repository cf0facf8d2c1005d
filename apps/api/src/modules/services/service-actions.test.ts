import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectMoneyInvariants } from '../../test/money-invariants';
import { addService, type Customer, signUpCustomer } from '../../test/customer';
import { createTestApp, type TestContext } from '../../test/helpers';
import { applyDueCancellations } from './due-cancellations';

const DAY = 24 * 60 * 60 * 1000;

describe('service actions: auto-renew, cancel, withdraw', () => {
  let ctx: TestContext;
  let customer: Customer;

  beforeAll(async () => {
    ctx = await createTestApp();
    customer = await signUpCustomer(ctx.app);
  });
  afterAll(async () => ctx.close());
  // Every scenario leaves the books balanced (docs/decisions/043-refunds-and-due-dates.md).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  const call = (method: 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown, who: Customer = customer) =>
    ctx.app.inject({ method, url, headers: who.headers, ...(body === undefined ? {} : { payload: body as object }) });
  const row = (id: string) =>
    ctx.app.database.db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('turns auto-renew off and on, and keeps it', async () => {
    const id = await addService(ctx.app, customer.userId);
    const off = await call('PUT', `/api/services/${id}/auto-renew`, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().autoRenew).toBe(false);
    expect((await row(id)).autoRenew).toBe(0);
    expect((await call('PUT', `/api/services/${id}/auto-renew`, { enabled: true })).json().autoRenew).toBe(true);
    expect((await row(id)).autoRenew).toBe(1);
    const bad = await call('PUT', `/api/services/${id}/auto-renew`, { enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.enabled).toBeDefined();
  });

  it('cancels at the end of the period, then withdraws the cancellation', async () => {
    const id = await addService(ctx.app, customer.userId);
    const noReason = await call('POST', `/api/services/${id}/cancellation`, { when: 'end_of_period', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason.code).toBe('validation.required');
    const cancel = await call('POST', `/api/services/${id}/cancellation`, {
      when: 'end_of_period',
      reason: 'Moving away',
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'active', autoRenew: false, cancelReason: 'Moving away' });
    expect(cancel.json().cancelRequestedAt).not.toBeNull();
    const twice = await call('POST', `/api/services/${id}/cancellation`, { when: 'end_of_period', reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    const withdraw = await call('DELETE', `/api/services/${id}/cancellation`);
    expect(withdraw.statusCode).toBe(200);
    expect(withdraw.json()).toMatchObject({ status: 'active', cancelRequestedAt: null, cancelReason: null });
    expect((await call('DELETE', `/api/services/${id}/cancellation`)).statusCode).toBe(409);
    const actions = await ctx.app.database.db
      .selectFrom('activity')
      .select('action')
      .where('subjectId', '=', id)
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['service.cancelRequested', 'service.cancellationWithdrawn']);
  });

  it('cancels at once with a status-history row; a cancelled service cannot be changed back', async () => {
    const id = await addService(ctx.app, customer.userId);
    const response = await call('POST', `/api/services/${id}/cancellation`, { when: 'now', reason: 'Not needed' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled', autoRenew: false });
    const history = await ctx.app.database.db
      .selectFrom('statusHistory')
      .selectAll()
      .where('entityId', '=', id)
      .execute();
    expect(history).toMatchObject([
      { fromStatus: 'active', toStatus: 'cancelled', reason: 'Not needed', actorId: customer.userId },
    ]);
    expect((await call('POST', `/api/services/${id}/cancellation`, { when: 'now', reason: 'x' })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/services/${id}/cancellation`)).statusCode).toBe(409);
    expect((await call('PUT', `/api/services/${id}/auto-renew`, { enabled: true })).statusCode).toBe(409);
  });

  it('answers 404 for another customer’s service and changes nothing', async () => {
    const other = await signUpCustomer(ctx.app);
    const theirs = await addService(ctx.app, other.userId);
    expect((await call('PUT', `/api/services/${theirs}/auto-renew`, { enabled: false })).statusCode).toBe(404);
    expect((await call('POST', `/api/services/${theirs}/cancellation`, { when: 'now', reason: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/services/${theirs}/cancellation`)).statusCode).toBe(404);
    expect(await row(theirs)).toMatchObject({ status: 'active', autoRenew: 1, cancelRequestedAt: null });
  });

  it('applies due end-of-period cancellations once', async () => {
    const id = await addService(ctx.app, customer.userId, { expiresAt: Date.now() + DAY });
    await call('POST', `/api/services/${id}/cancellation`, { when: 'end_of_period', reason: 'Done' });
    expect(await applyDueCancellations(ctx.app.database.db, Date.now())).toBe(0);
    const later = Date.now() + 2 * DAY;
    const [a, b] = await Promise.all([
      applyDueCancellations(ctx.app.database.db, later),
      applyDueCancellations(ctx.app.database.db, later),
    ]);
    expect(a + b).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'cancelled', cancelReason: 'Done' });
  });
});
