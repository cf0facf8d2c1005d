import { ADMIN_ROLE, BILLING_ROLE, CUSTOMER_ROLE, SUPPORT_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, insertUsers, staffSession } from '../../test/admin';
import type { Session } from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';

const DAY = 86_400_000;

const server = (overrides: Record<string, unknown> = {}) => ({
  name: 'edge-01',
  location: 'frankfurt',
  type: 'vds',
  ip: '192.0.2.10',
  capacity: 3,
  specs: { cpuModel: 'AMD EPYC 9354', cpuCores: 32, ramGb: 256, storageGb: 4000, bandwidthGbps: 10 },
  ...overrides,
});

describe(`back-office server changes (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let admin: Session;
  const sessions = new Map<number, Session>();

  beforeAll(async () => {
    ctx = await createTestApp(ADMIN_TEST_ENV);
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    for (const role of [SUPPORT_ROLE, BILLING_ROLE, CUSTOMER_ROLE]) {
      sessions.set(role, await staffSession(ctx.app, role));
    }
  });

  afterAll(async () => {
    await ctx.close();
  });

  const db = () => ctx.app.database.db;
  const call = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, session = admin) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${session.access_token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/admin/servers', server(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; name: string; status: string; capacity: number; services: number };
  };
  const auditOf = (entityId: string) =>
    db().selectFrom('auditLog').selectAll().where('entityId', '=', entityId).orderBy('createdAt').execute();
  const place = async (serverId: string, id: string, status: 'active' | 'cancelled' = 'active') => {
    const [owner] = await insertUsers(ctx.app, [{ email: `${id}@owner.example` }]);
    const now = Date.now();
    await db()
      .insertInto('services')
      .values({
        id,
        userId: owner!,
        kind: 'vds',
        planId: 'vds-starter',
        name: id,
        serverId,
        domain: null,
        status,
        suspensionReason: null,
        priceCents: 999,
        billingPeriod: 'month',
        expiresAt: now + 30 * DAY,
        cancelRequestedAt: null,
        cancelReason: null,
        cancelledAt: status === 'cancelled' ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  };

  it('adds a server, active, with the address lower-cased, and audits it with the administrator', async () => {
    const created = await create({ name: 'add-01', ip: 'Node1.Example.COM' });
    expect(created).toMatchObject({
      name: 'add-01',
      location: 'frankfurt',
      type: 'vds',
      ip: 'node1.example.com',
      status: 'active',
      capacity: 3,
      services: 0,
      load: null,
      specs: { cpuModel: 'AMD EPYC 9354', cpuCores: 32, ramGb: 256, storageGb: 4000, bandwidthGbps: 10 },
    });
    const list = (await call('POST', '/api/admin/servers', server({ name: 'add-02', ip: '2001:db8::10' }))).json();
    expect(list.ip).toBe('2001:db8::10');
    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      action: 'server.create',
      entityType: 'server',
      before: null,
    });
    expect(JSON.parse(entry!.after!)).toMatchObject({ name: 'add-01', ip: 'node1.example.com', capacity: 3 });
  });

  it('refuses a name any case of which is taken, and a taken address, with 409 by field; nothing changes', async () => {
    await create({ name: 'dup-01', ip: '192.0.2.20' });
    const before = await db().selectFrom('servers').select('id').execute();
    const name = await call('POST', '/api/admin/servers', server({ name: 'DUP-01', ip: '192.0.2.21' }));
    expect(name.statusCode).toBe(409);
    expect(name.json().error).toMatchObject({
      code: 'INVALID_STATE',
      fields: { name: { code: 'validation.serverNameTaken' } },
    });
    const ip = await call('POST', '/api/admin/servers', server({ name: 'dup-02', ip: '192.0.2.20' }));
    expect(ip.statusCode).toBe(409);
    expect(ip.json().error.fields).toEqual({
      ip: { code: 'validation.serverAddressTaken', message: 'Another server already has this address' },
    });
    expect(await db().selectFrom('servers').select('id').execute()).toHaveLength(before.length);
  });

  it('two additions of one name at once: one is added, the other refused by field (the unique index decides)', async () => {
    const [a, b] = await Promise.all([
      call('POST', '/api/admin/servers', server({ name: 'race-01', ip: '192.0.2.91' })),
      call('POST', '/api/admin/servers', server({ name: 'race-01', ip: '192.0.2.92' })),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
    const refused = a!.statusCode === 409 ? a! : b!;
    expect(refused.json().error.fields.name.code).toBe('validation.serverNameTaken');
    expect(await db().selectFrom('servers').select('id').where('name', '=', 'race-01').execute()).toHaveLength(1);
  });

  it.each([
    [{ name: '' }, 'name', 'validation.serverName'],
    [{ name: 'has space' }, 'name', 'validation.serverName'],
    [{ name: 'x'.repeat(65) }, 'name', 'validation.serverName'],
    [{ name: 42 }, 'name', 'validation.serverName'],
    [{ location: 'paris' }, 'location', 'validation.serverLocation'],
    [{ type: 'mainframe' }, 'type', 'validation.serverType'],
    [{ ip: '300.1.1.1' }, 'ip', 'validation.serverAddress'],
    [{ ip: 'not an address' }, 'ip', 'validation.serverAddress'],
    [{ ip: '2001:db8:::1' }, 'ip', 'validation.serverAddress'],
    [{ capacity: 0 }, 'capacity', 'validation.positiveInteger'],
    [{ capacity: 2.5 }, 'capacity', 'validation.positiveInteger'],
    [{ capacity: '3' }, 'capacity', 'validation.positiveInteger'],
    [{ capacity: 10_001 }, 'capacity', 'validation.numberTooLarge'],
    [{ specs: { ...server().specs, cpuModel: ' ' } }, 'specs.cpuModel', 'validation.required'],
    [{ specs: { ...server().specs, cpuCores: -1 } }, 'specs.cpuCores', 'validation.positiveInteger'],
    [{ specs: { ...server().specs, ramGb: 1e9 } }, 'specs.ramGb', 'validation.numberTooLarge'],
    [{ specs: { ...server().specs, bandwidthGbps: 0.5 } }, 'specs.bandwidthGbps', 'validation.positiveInteger'],
    [{ colour: 'red' }, '_body', 'validation.unknownField'],
  ])('refuses %j with 400 and a message for %s', async (overrides, field, code) => {
    const response = await call('POST', '/api/admin/servers', server({ ip: '198.51.100.1', ...overrides }));
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields[field]).toMatchObject({ code });
    expect(await db().selectFrom('servers').select('id').where('ip', '=', '198.51.100.1').execute()).toEqual([]);
  });

  it('refuses a missing field', async () => {
    const { specs: _specs, ...partial } = server();
    const response = await call('POST', '/api/admin/servers', partial);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['specs']);
  });

  it('edits any field, audits before and after, and keeps the name and address unique', async () => {
    const created = await create({ name: 'edit-01', ip: '192.0.2.30' });
    await create({ name: 'edit-02', ip: '192.0.2.31' });
    const response = await call('PATCH', `/api/admin/servers/${created.id}`, {
      name: 'edit-01b',
      location: 'london',
      capacity: 9,
      specs: { ...server().specs, ramGb: 512 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'edit-01b', location: 'london', capacity: 9, ip: '192.0.2.30' });
    expect(response.json().specs.ramGb).toBe(512);
    const entry = (await auditOf(created.id)).find((row) => row.action === 'server.update')!;
    expect(JSON.parse(entry.before!)).toMatchObject({ name: 'edit-01', location: 'frankfurt', ramGb: 256 });
    expect(JSON.parse(entry.after!)).toMatchObject({ name: 'edit-01b', location: 'london', ramGb: 512 });

    // Its own name in another case is no conflict; another server's name or address is.
    expect((await call('PATCH', `/api/admin/servers/${created.id}`, { name: 'EDIT-01B' })).statusCode).toBe(200);
    const taken = await call('PATCH', `/api/admin/servers/${created.id}`, { name: 'edit-02' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.name.code).toBe('validation.serverNameTaken');
    const ip = await call('PATCH', `/api/admin/servers/${created.id}`, { ip: '192.0.2.31' });
    expect(ip.json().error.fields.ip.code).toBe('validation.serverAddressTaken');
    const bad = await call('PATCH', `/api/admin/servers/${created.id}`, { capacity: -3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.capacity.code).toBe('validation.positiveInteger');
    const row = await db().selectFrom('servers').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'EDIT-01B', ip: '192.0.2.30', capacity: 9 });
  });

  it('refuses a capacity below the services placed, counting only services not cancelled', async () => {
    const created = await create({ name: 'cap-01', ip: '192.0.2.40', capacity: 5 });
    await place(created.id, 'svc-cap-1');
    await place(created.id, 'svc-cap-2');
    await place(created.id, 'svc-cap-3', 'cancelled');
    const below = await call('PATCH', `/api/admin/servers/${created.id}`, { capacity: 1 });
    expect(below.statusCode).toBe(409);
    expect(below.json().error.fields).toEqual({
      capacity: {
        code: 'validation.capacityBelowServices',
        message: 'Capacity cannot be below the services placed on this server',
      },
    });
    const exact = await call('PATCH', `/api/admin/servers/${created.id}`, { capacity: 2 });
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({ capacity: 2, services: 2 });
  });

  it('refuses to delete a server while a service runs on it, then deletes it and audits', async () => {
    const created = await create({ name: 'del-01', ip: '192.0.2.50' });
    await place(created.id, 'svc-del-1');
    await place(created.id, 'svc-del-2', 'cancelled');
    const refused = await call('DELETE', `/api/admin/servers/${created.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'INVALID_STATE',
      fields: { services: { code: 'validation.serverHasServices' } },
    });
    expect(await db().selectFrom('servers').select('id').where('id', '=', created.id).execute()).toHaveLength(1);

    await db().updateTable('services').set({ status: 'cancelled' }).where('id', '=', 'svc-del-1').execute();
    const deleted = await call('DELETE', `/api/admin/servers/${created.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await db().selectFrom('servers').select('id').where('id', '=', created.id).execute()).toEqual([]);
    // The cancelled services stay, no longer naming the server.
    const services = await db()
      .selectFrom('services')
      .select(['id', 'serverId'])
      .where('id', 'like', 'svc-del-%')
      .execute();
    expect(services.map((s) => s.serverId)).toEqual([null, null]);
    const entry = (await auditOf(created.id)).find((row) => row.action === 'server.delete')!;
    expect(entry.actorId).toBe(admin.user.id);
    expect(JSON.parse(entry.before!)).toMatchObject({ name: 'del-01' });
    expect((await call('DELETE', `/api/admin/servers/${created.id}`)).statusCode).toBe(404);
  });

  it('puts a server into maintenance and back, with status history and audit; the same status changes nothing', async () => {
    const created = await create({ name: 'mnt-01', ip: '192.0.2.60' });
    const on = await call('PUT', `/api/admin/servers/${created.id}/maintenance`, { maintenance: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().status).toBe('maintenance');
    expect(
      (await call('PUT', `/api/admin/servers/${created.id}/maintenance`, { maintenance: true })).json().status,
    ).toBe('maintenance');
    const off = await call('PUT', `/api/admin/servers/${created.id}/maintenance`, { maintenance: false });
    expect(off.json().status).toBe('active');
    const actions = (await auditOf(created.id)).map((row) => row.action);
    expect(actions).toEqual(['server.create', 'server.maintenance.start', 'server.maintenance.end']);
    const history = await db()
      .selectFrom('statusHistory')
      .select(['fromStatus', 'toStatus', 'actorId'])
      .where('entityId', '=', created.id)
      .orderBy('createdAt')
      .execute();
    expect(history).toEqual([
      { fromStatus: 'active', toStatus: 'maintenance', actorId: admin.user.id },
      { fromStatus: 'maintenance', toStatus: 'active', actorId: admin.user.id },
    ]);
    for (const body of [{}, { maintenance: 'yes' }, { maintenance: true, status: 'active' }]) {
      const response = await call('PUT', `/api/admin/servers/${created.id}/maintenance`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 404 for a server that does not exist', async () => {
    expect((await call('PATCH', '/api/admin/servers/nope', { capacity: 2 })).statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/servers/nope/maintenance', { maintenance: true })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/servers/nope')).statusCode).toBe(404);
  });

  it.each([
    ['support', SUPPORT_ROLE],
    ['billing', BILLING_ROLE],
    ['a customer', CUSTOMER_ROLE],
  ])('refuses %s every change with 403, changing nothing', async (_name, role) => {
    const target = await create({ name: `role-${role}`, ip: `192.0.2.${70 + role}` });
    const session = sessions.get(role)!;
    const attempts = [
      call('POST', '/api/admin/servers', server({ name: `by-${role}`, ip: `192.0.2.${80 + role}` }), session),
      call('PATCH', `/api/admin/servers/${target.id}`, { capacity: 7 }, session),
      call('PUT', `/api/admin/servers/${target.id}/maintenance`, { maintenance: true }, session),
      call('DELETE', `/api/admin/servers/${target.id}`, undefined, session),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    const row = await db().selectFrom('servers').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ capacity: 3, status: 'active' });
    expect(await db().selectFrom('servers').select('id').where('name', '=', `by-${role}`).execute()).toEqual([]);
    expect((await auditOf(target.id)).map((entry) => entry.action)).toEqual(['server.create']);
  });

  it('refuses an anonymous change with 401', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/admin/servers', payload: server() });
    expect(response.statusCode).toBe(401);
  });
});
