import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { ADMIN_ROLE } from '@hostpilot/shared';
import { ADMIN_TEST_ENV, sendAs, staffSession } from '../../test/admin';
import { credit, placeQuoted, signUpCustomer, withKey } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';

/**
 * Placement by free capacity (docs/decisions/062-web-nodes-placement-and-faults.md): a new hosting service goes on
 * the server of its city with the most free slots (capacity less services not cancelled), ties by name; never on
 * a server whose connection failed, which the engine also marks when a server stops answering.
 */

let serversAdded = 0;

async function addServer(app: App, name: string, capacity: number, connection: 'ok' | 'failed' | null = null) {
  const id = randomUUID();
  const now = Date.now();
  await app.database.db
    .insertInto('servers')
    .values({
      id,
      name,
      location: 'new-york',
      type: 'shared',
      // Unique in this file's database, and outside the demo servers' addresses (a random one could repeat).
      ip: `203.0.113.${++serversAdded}`,
      status: 'active',
      cpuModel: 'Test CPU',
      cpuCores: 8,
      ramGb: 32,
      storageGb: 1000,
      bandwidthGbps: 1,
      capacity,
      connectionStatus: connection,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

describe(`placement by free capacity (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let big: string;
  let small: string;
  let flagged: string;

  beforeAll(async () => {
    ctx = await createTestApp({ ...ADMIN_TEST_ENV, DEMO_MODE: 'true' });
    big = await addServer(ctx.app, 'np-a', 10);
    small = await addServer(ctx.app, 'np-b', 4);
    flagged = await addServer(ctx.app, 'np-c', 100, 'failed');
    // Paid orders are provisioned at once (no staff review).
    const admin = await staffSession(ctx.app, ADMIN_ROLE);
    const approval = await sendAs(ctx.app, 'PUT', '/api/admin/orders/settings', admin, { requireApproval: false });
    expect(approval.statusCode, approval.body).toBe(200);
  });
  afterAll(async () => ctx?.close());

  const line = { kind: 'hosting', planId: 'starter', months: 1, location: 'new-york' };

  async function order(lines: unknown[]): Promise<string[]> {
    const customer = await signUpCustomer(ctx.app);
    await credit(ctx.app, customer.userId, 100_000);
    const placed = await placeQuoted(ctx.app, customer, lines);
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.json<{ id: string }>().id}/pay`,
      headers: withKey(customer),
      payload: { method: 'balance' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const rows = await ctx.app.database.db
      .selectFrom('services')
      .select(['serverId', 'createdAt', 'id'])
      .where('userId', '=', customer.userId)
      .where('kind', '=', 'hosting')
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.serverId!);
  }

  it('puts each new service on the server with the most free slots, never on a failed one', async () => {
    const placed: string[] = [];
    // 10 and 4 free: six orders fill the big one down to 4; the tie goes by name (np-a), then the small one.
    for (let i = 0; i < 8; i += 1) placed.push(...(await order([line])));
    expect(placed).toEqual([big, big, big, big, big, big, big, small]);
    // One order of two services counts its own first line: 3 and 3 free → np-a, then np-b with 3 against 2.
    expect((await order([line, line])).sort()).toEqual([big, small].sort());
    expect(placed).not.toContain(flagged);
  });

  it('stops placing on a server the engine found unreachable, and places on it again once it answers', async () => {
    const db = ctx.app.database.db;
    // As the engine records a call with no answer (engine.ts recordReach), the big server is marked failed.
    await db.updateTable('servers').set({ connectionStatus: 'failed' }).where('id', '=', big).execute();
    expect(await order([line])).toEqual([small]);
    expect(await order([line])).toEqual([small]);
    await db.updateTable('servers').set({ connectionStatus: 'ok' }).where('id', '=', big).execute();
    expect(await order([line])).toEqual([big]);
    // Full everywhere that may take it (one slot, long taken): the failed server's room does not count.
    await db.updateTable('servers').set({ capacity: 1 }).where('id', 'in', [big, small]).execute();
    const customer = await signUpCustomer(ctx.app);
    await credit(ctx.app, customer.userId, 100_000);
    const placed = await placeQuoted(ctx.app, customer, [line]);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.json<{ id: string }>().id}/pay`,
      headers: withKey(customer),
      payload: { method: 'balance' },
    });
    expect(paid.statusCode, paid.body).toBe(409);
    expect(paid.json().error.code).toBe('OUT_OF_CAPACITY');
  });
});
