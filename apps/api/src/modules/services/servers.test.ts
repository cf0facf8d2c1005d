import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addService, type Customer, signUpCustomer } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';

describe(`GET /api/servers: a customer's own servers (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let owner: Customer;
  let other: Customer;
  let vds: string;
  let game: string;
  let hosting: string;
  let ssl: string;
  let othersDedicated: string;
  const NOW = Date.now();

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_REGISTER_MAX: '1000' });
    owner = await signUpCustomer(ctx.app);
    other = await signUpCustomer(ctx.app);
    const db = ctx.app.database.db;
    await db
      .insertInto('servers')
      .values({
        id: 'srv-test-vds',
        name: 'vds-fra-07',
        location: 'frankfurt',
        type: 'vds',
        ip: '203.0.113.45',
        status: 'active',
        cpuModel: 'AMD EPYC',
        cpuCores: 64,
        ramGb: 512,
        storageGb: 8000,
        bandwidthGbps: 10,
        capacity: 40,
        createdAt: NOW,
        updatedAt: NOW,
      })
      .execute();
    vds = await addService(ctx.app, owner.userId, { kind: 'vds', planId: 'vds-pro' });
    game = await addService(ctx.app, owner.userId, { kind: 'game', planId: 'minecraft-basic' });
    hosting = await addService(ctx.app, owner.userId);
    ssl = await addService(ctx.app, owner.userId, { kind: 'extra', planId: 'ssl' });
    othersDedicated = await addService(ctx.app, other.userId, { kind: 'dedicated', planId: 'dedicated-entry' });
    await db
      .updateTable('services')
      .set({ serverId: 'srv-test-vds', cpuPercent: 37, memoryPercent: 52, storageUsedMb: 20480, bandwidthUsedMb: 1024 })
      .where('id', '=', vds)
      .execute();
  });
  afterAll(async () => ctx.close());

  const get = (url: string, who: Customer = owner) => ctx.app.inject({ method: 'GET', url, headers: who.headers });

  it('lists only the game servers, VDS and dedicated servers of the signed-in customer', async () => {
    const answer = await get('/api/servers?pageSize=50');
    expect(answer.statusCode).toBe(200);
    const ids = answer.json().items.map((item: { id: string }) => item.id);
    expect(ids.sort()).toEqual([vds, game].sort());
    expect(ids).not.toContain(othersDedicated);
    expect((await get('/api/servers?kind=game')).json().items.map((i: { id: string }) => i.id)).toEqual([game]);
  });

  it('answers a server with the address of its machine, its data centre and its usage, and no secret', async () => {
    const answer = await get(`/api/servers/${vds}`);
    expect(answer.statusCode).toBe(200);
    const server = answer.json();
    expect(server).toMatchObject({
      id: vds,
      kind: 'vds',
      plan: { id: 'vds-pro', name: 'VDS Pro' },
      access: { ipAddress: '203.0.113.45', hostName: 'vds-fra-07' },
      location: 'frankfurt',
      game: null,
      usage: {
        cpuPercent: 37,
        memoryPercent: 52,
        storage: { usedMb: 20480, totalMb: 160 * 1024 },
        bandwidth: { usedMb: 1024, totalMb: 4 * 1024 * 1024 },
      },
    });
    expect(answer.body).not.toMatch(/password|secret|connection/i);
    // A server not placed on a machine yet has no address to show.
    expect((await get(`/api/servers/${game}`)).json().access).toBeNull();
  });

  it('answers 404 for another customer’s server and for a service that is not a server', async () => {
    expect((await get(`/api/servers/${othersDedicated}`)).statusCode).toBe(404);
    expect((await get(`/api/servers/${othersDedicated}`, other)).statusCode).toBe(200);
    expect((await get(`/api/servers/${hosting}`)).statusCode).toBe(404);
    expect((await get(`/api/servers/${ssl}`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/servers/${vds}` })).statusCode).toBe(401);
  });
});
