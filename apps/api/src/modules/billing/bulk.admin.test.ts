import { randomUUID } from 'node:crypto';
import { ADMIN_ROLE, BILLING_ROLE, SUPPORT_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, staffSession } from '../../test/admin';
import { register, type Session } from '../../test/auth';
import { signUpCustomer, withKey } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { balanceOf } from './ledger';

/** Bulk actions on accounts, orders and payments (docs/decisions/048-operator-journeys.md). */
describe(`bulk back-office actions (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let admin: Session;
  let support: Session;
  let billing: Session;

  beforeAll(async () => {
    ctx = await createTestApp(ADMIN_TEST_ENV);
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    support = await staffSession(ctx.app, SUPPORT_ROLE);
    billing = await staffSession(ctx.app, BILLING_ROLE);
  });
  afterAll(async () => ctx.close());

  const post = (url: string, session: Session, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${session.access_token}` },
      remoteAddress: '203.0.113.8',
      payload,
    });
  const auditOf = (entityId: string) =>
    ctx.app.database.db.selectFrom('auditLog').selectAll().where('entityId', '=', entityId).execute();
  const statusOf = async (table: 'users' | 'orders' | 'payments', id: string) =>
    (await ctx.app.database.db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('suspends several accounts, each in its own transaction with its own audit entry, answering per row', async () => {
    const [a, b, c] = await Promise.all([register(ctx.app), register(ctx.app), register(ctx.app)]);
    await post(`/api/admin/users/${c.session.user.id}/suspend`, admin, { reason: 'Earlier suspension' });
    const ids = [a.session.user.id, b.session.user.id, c.session.user.id, 'no-such-account', admin.user.id];
    const response = await post('/api/admin/users/bulk', admin, {
      action: 'suspend',
      ids,
      reason: 'Spam wave from these accounts',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results.map((r: { id: string; ok: boolean; error?: { code: string } }) => r)).toEqual([
      { id: ids[0], ok: true },
      { id: ids[1], ok: true },
      { id: ids[2], ok: false, error: { code: 'INVALID_STATE', message: expect.any(String) } },
      { id: ids[3], ok: false, error: { code: 'NOT_FOUND', message: expect.any(String) } },
      { id: ids[4], ok: false, error: { code: 'OWN_ACCOUNT', message: expect.any(String) } },
    ]);
    for (const id of ids.slice(0, 2)) {
      expect(await statusOf('users', id)).toBe('suspended');
      const [entry] = (await auditOf(id)).filter((e) => e.action === 'user.suspend');
      expect(entry).toMatchObject({ actorId: admin.user.id, clientIp: '203.0.113.8' });
      expect(JSON.parse(entry!.after!)).toEqual({ status: 'suspended', reason: 'Spam wave from these accounts' });
    }
    expect(await statusOf('users', admin.user.id)).toBe('active');

    const activate = await post('/api/admin/users/bulk', admin, { action: 'activate', ids: ids.slice(0, 3) });
    expect(activate.json().results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    expect(await statusOf('users', ids[2]!)).toBe('active');
  });

  it('validates the body on the server and keeps the single actions’ permissions', async () => {
    const { session } = await register(ctx.app);
    const id = session.user.id;
    const refused = async (url: string, session: Session, body: object, field?: string) => {
      const response = await post(url, session, body);
      expect(response.statusCode, response.body).toBe(400);
      if (field)
        expect(response.json().error.fields[field].code).toBe(
          field === 'ids' ? 'validation.bulkIds' : `validation.${field}`,
        );
    };
    await refused('/api/admin/users/bulk', admin, { action: 'suspend', ids: [id] }, 'reason');
    await refused('/api/admin/users/bulk', admin, { action: 'suspend', ids: [id], reason: 'x' }, 'reason');
    await refused('/api/admin/users/bulk', admin, { action: 'activate', ids: [] }, 'ids');
    await refused('/api/admin/users/bulk', admin, { action: 'activate', ids: [id, id] }, 'ids');
    const many = Array.from({ length: 101 }, () => randomUUID());
    await refused('/api/admin/users/bulk', admin, { action: 'activate', ids: many }, 'ids');
    await refused('/api/admin/users/bulk', admin, { action: 'delete', ids: [id] });
    await refused('/api/admin/payments/bulk', billing, { action: 'decline', ids: [id] }, 'reason');
    await refused('/api/admin/orders/bulk', admin, { action: 'cancel', ids: [id] }, 'reason');
    expect(await statusOf('users', id)).toBe('active');

    for (const [url, session, body] of [
      ['/api/admin/users/bulk', support, { action: 'activate', ids: [id] }],
      ['/api/admin/users/bulk', billing, { action: 'activate', ids: [id] }],
      ['/api/admin/payments/bulk', support, { action: 'approve', ids: [id] }],
      ['/api/admin/orders/bulk', support, { action: 'cancel', ids: [id], reason: 'Not wanted' }],
    ] as const) {
      expect((await post(url, session, body)).statusCode).toBe(403);
    }
  });

  /** A customer's pending bank transfer of $40. */
  const pendingTransfer = async () => {
    const customer = await signUpCustomer(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/finance/top-ups',
      headers: withKey(customer),
      payload: { method: 'bank_transfer', amount: '40' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const payment = await ctx.app.database.db
      .selectFrom('payments')
      .select('id')
      .where('userId', '=', customer.userId)
      .executeTakeFirstOrThrow();
    return { customer, paymentId: payment.id };
  };

  it('approves and declines several bank transfers, crediting each once; a settled one is refused for its row', async () => {
    const [first, second, third] = [await pendingTransfer(), await pendingTransfer(), await pendingTransfer()];
    await post(`/api/admin/payments/${third.paymentId}/decline`, billing, { reason: 'No transfer arrived' });
    const approve = await post('/api/admin/payments/bulk', billing, {
      action: 'approve',
      ids: [first.paymentId, second.paymentId, third.paymentId],
      reason: 'Seen on the statement',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().results.map((r: { ok: boolean; error?: { code: string } }) => r.error?.code ?? 'ok')).toEqual(
      ['ok', 'ok', 'INVALID_STATE'],
    );
    for (const { customer, paymentId } of [first, second]) {
      expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(4000);
      const entries = (await auditOf(paymentId)).filter((e) => e.action === 'payment.approve');
      expect(entries).toHaveLength(1);
      expect(JSON.parse(entries[0]!.after!)).toMatchObject({ reason: 'Seen on the statement' });
    }
    expect(await balanceOf(ctx.app.database.db, third.customer.userId)).toBe(0);

    const fourth = await pendingTransfer();
    const decline = await post('/api/admin/payments/bulk', admin, {
      action: 'decline',
      ids: [fourth.paymentId, first.paymentId],
      reason: 'No transfer arrived',
    });
    expect(decline.json().results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false]);
    expect(await statusOf('payments', fourth.paymentId)).toBe('failed');
    expect(await balanceOf(ctx.app.database.db, first.customer.userId)).toBe(4000);
  });

  it('cancels several orders with one reason, each with its own audit entry', async () => {
    const customer = await signUpCustomer(ctx.app);
    const orderIds: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const lines = [{ kind: 'domain', domain: `bulk-${randomUUID().slice(0, 8)}.com`, months: 12 }];
      const quote = await ctx.app.inject({ method: 'POST', url: '/api/orders/quote', payload: { lines } });
      const placed = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: withKey(customer),
        payload: { lines, expectedTotal: quote.json().total.amountMinor },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      orderIds.push(placed.json().id ?? placed.json().order.id);
    }
    const response = await post('/api/admin/orders/bulk', admin, {
      action: 'cancel',
      ids: [...orderIds, 'no-such-order'],
      reason: 'Customer asked by phone',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response.json().results.map((r: { ok: boolean; error?: { code: string } }) => r.error?.code ?? 'ok'),
    ).toEqual(['ok', 'ok', 'NOT_FOUND']);
    for (const id of orderIds) {
      expect(await statusOf('orders', id)).toBe('cancelled');
      expect((await auditOf(id)).filter((e) => e.action === 'order.cancel')).toHaveLength(1);
    }
  });
});
