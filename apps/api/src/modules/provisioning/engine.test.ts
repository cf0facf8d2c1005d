import { ADMIN_ROLE, SUPPORT_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { ADMIN_TEST_ENV, staffSession } from '../../test/admin';
import { newAccount, register, type Session } from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import type { Clock } from '../../lib/clock';
import { createSecretBox } from '../../lib/secret-box';
import { DriverError, type ProvisioningDriver, type ProvisioningTarget } from './driver';
import { backoffMs, createProvisioningEngine } from './engine';
import { registerDriver } from './registry';
import { enqueueProvisioning } from './tasks';

/**
 * The provisioning engine (docs/decisions/042-provisioning-engine.md) with a small recording driver registered
 * for web nodes in this file only: it stands for no real software, it records the calls the engine makes and
 * fails when a test tells it to. Real drivers are tested against their real software beside them.
 */
const calls: { operation: string; target: ProvisioningTarget; settings: Record<string, string> }[] = [];
let failures: { count: number; retryable: boolean } = { count: 0, retryable: true };

registerDriver('web-node', (settings) => {
  const op =
    (operation: string) =>
    async (target: ProvisioningTarget): Promise<{ details: Record<string, unknown> }> => {
      if (failures.count > 0) {
        failures.count -= 1;
        throw new DriverError({
          code: 'unreachable',
          message: `agent did not answer (key ${settings.sharedSecret})`,
          retryable: failures.retryable,
        });
      }
      calls.push({ operation, target, settings: { ...settings } });
      return { details: { operation } };
    };
  const driver: ProvisioningDriver = {
    type: 'web-node',
    async testConnection() {
      if (settings.agentUrl === 'https://down.invalid') {
        throw new DriverError({
          code: 'unreachable',
          message: `no answer with key ${settings.sharedSecret}`,
          retryable: true,
        });
      }
      return {};
    },
    create: op('create'),
    suspend: op('suspend'),
    unsuspend: op('unsuspend'),
    terminate: op('terminate'),
    changePlan: op('changePlan'),
  };
  return driver;
});

const MINUTE = 60_000;

describe(`provisioning engine (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let admin: Session;
  let support: Session;
  let serverId: string;

  beforeAll(async () => {
    ctx = await createTestApp(ADMIN_TEST_ENV);
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    support = await staffSession(ctx.app, SUPPORT_ROLE);
    const created = await call('POST', '/api/admin/servers', admin, {
      name: 'web-node-1',
      location: 'london',
      type: 'shared',
      ip: '192.0.2.50',
      capacity: 500,
      specs: { cpuModel: 'Test CPU', cpuCores: 4, ramGb: 8, storageGb: 100, bandwidthGbps: 1 },
    });
    expect(created.statusCode).toBe(201);
    serverId = created.json<{ id: string }>().id;
  });

  afterAll(async () => {
    await ctx.close();
  });

  beforeEach(() => {
    calls.length = 0;
    failures = { count: 0, retryable: true };
  });

  const db = () => ctx.app.database.db;
  function call(method: 'GET' | 'POST' | 'PUT', url: string, session: Session, payload?: unknown) {
    return ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${session.access_token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  /** A customer with a hosting service added by staff on the test server. */
  async function hosting(): Promise<{ id: string; owner: Session }> {
    const { account, session } = await register(ctx.app, newAccount());
    const response = await call('POST', '/api/admin/services', admin, {
      ownerEmail: account.email,
      planId: 'starter',
      months: 1,
      domain: `site-${Math.random().toString(36).slice(2, 10)}.com`,
      serverId,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { id: response.json<{ id: string }>().id, owner: session };
  }

  const tasksOf = (id: string) =>
    db().selectFrom('provisioningTasks').selectAll().where('resourceId', '=', id).orderBy('id').execute();
  const service = (id: string) =>
    db().selectFrom('services').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** An engine of its own on the app's database, with a clock the test moves and no jitter surprises. */
  function engine(clock: Clock, app: App = ctx.app, requestsInFlight?: () => number) {
    return createProvisioningEngine({
      ...(requestsInFlight ? { requestsInFlight } : {}),
      db: app.database.db,
      clock,
      mailer: { send: async () => undefined, close: async () => undefined } as never,
      log: app.log,
      secretBox: createSecretBox(ctx.config.jwt.secret),
      intervalMs: 1000,
      leaseMs: 5 * MINUTE,
      random: () => 0.5,
    });
  }
  const clockAt = (ms: number) => {
    const clock = { t: ms, now: () => clock.t };
    return clock;
  };

  it('writes the task in the transaction of the change: a rollback leaves none', async () => {
    const { id } = await hosting();
    const before = (await tasksOf(id)).length;
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await enqueueProvisioning(trx, { resourceType: 'service', resourceId: id, operation: 'suspend', now: 1 });
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    expect(await tasksOf(id)).toHaveLength(before);
    // A refused staff action writes no task either: the service is pending, not active.
    const refused = await call('POST', `/api/admin/services/${id}/suspend`, admin, { reason: 'abuse' });
    expect(refused.statusCode).toBe(409);
    expect(await tasksOf(id)).toHaveLength(before);
  });

  it('keeps a new service pending and being set up until its driver creates it; waits for a server, none lost', async () => {
    const { id, owner } = await hosting();
    expect((await service(id)).status).toBe('pending');
    const [task] = await tasksOf(id);
    expect(task).toMatchObject({ operation: 'create', status: 'pending', driverType: 'web-node' });
    const mine = await call('GET', `/api/hosting/${id}`, owner);
    expect(mine.json()).toMatchObject({ status: 'pending', setup: 'provisioning' });

    // No server has the web-node driver yet: the task waits without spending a try.
    await ctx.app.provisioning.runDue();
    expect(calls).toHaveLength(0);
    expect((await tasksOf(id))[0]).toMatchObject({ status: 'pending', attempts: 0, waitReason: 'no-server' });
    const waiting = await call('GET', `/api/admin/provisioning?resourceId=${id}`, admin);
    expect(waiting.json().items[0]).toMatchObject({ waitReason: 'no-server', status: 'pending' });

    // Giving the server the driver wakes the task; the secret is sealed and never answered.
    const set = await call('PUT', `/api/admin/servers/${serverId}/driver`, admin, {
      driverType: 'web-node',
      settings: { agentUrl: 'https://agent.example' },
      secrets: { sharedSecret: 'top-secret-key' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ type: 'web-node', secretsSet: ['sharedSecret'] });
    expect(set.body).not.toContain('top-secret-key');
    const stored = await db()
      .selectFrom('servers')
      .select('connectionSettings')
      .where('id', '=', serverId)
      .executeTakeFirstOrThrow();
    expect(stored.connectionSettings).not.toContain('top-secret-key');
    const listed = await call('GET', '/api/admin/servers', admin);
    expect(listed.body).not.toContain('top-secret-key');

    expect(await ctx.app.provisioning.runDue()).toBeGreaterThan(0);
    expect(calls.map((c) => [c.operation, c.target.id])).toContainEqual(['create', id]);
    expect(calls.find((c) => c.target.id === id)!.settings.sharedSecret).toBe('top-secret-key');
    expect(await service(id)).toMatchObject({ status: 'active', setupState: null });
    const ready = await call('GET', `/api/hosting/${id}`, owner);
    expect(ready.json()).toMatchObject({ status: 'active', setup: null });
    const notices = await db().selectFrom('notifications').select('key').where('userId', '=', owner.user.id).execute();
    expect(notices.map((n) => n.key)).toContain('serviceReady');
    const logged = await db().selectFrom('provisioningCalls').selectAll().where('taskId', '=', task!.id).execute();
    expect(logged).toMatchObject([{ operation: 'create', outcome: 'ok', serverId }]);
  });

  it('tests a connection: a failure is flagged, audited, and its secret masked', async () => {
    const bad = await call('PUT', `/api/admin/servers/${serverId}/driver`, admin, {
      driverType: 'web-node',
      settings: { agentUrl: 'https://down.invalid' },
    });
    expect(bad.json()).toMatchObject({ secretsSet: ['sharedSecret'] });
    expect((await call('POST', `/api/admin/servers/${serverId}/test-connection`, support)).statusCode).toBe(403);
    const tested = await call('POST', `/api/admin/servers/${serverId}/test-connection`, admin);
    expect(tested.statusCode).toBe(200);
    expect(tested.json().connection.status).toBe('failed');
    expect(tested.body).not.toContain('top-secret-key');
    expect(tested.json().connection.error).toContain('***');
    const audit = await db().selectFrom('auditLog').selectAll().where('action', '=', 'server.testConnection').execute();
    expect(audit).toHaveLength(1);
    const good = await call('PUT', `/api/admin/servers/${serverId}/driver`, admin, {
      driverType: 'web-node',
      settings: { agentUrl: 'https://agent.example' },
    });
    expect(good.statusCode).toBe(200);
    const ok = await call('POST', `/api/admin/servers/${serverId}/test-connection`, admin);
    expect(ok.json().connection).toMatchObject({ status: 'ok', error: null });
  });

  it('runs the tasks of one resource in order, retries with backoff, and stops as failed after five tries', async () => {
    const { id, owner } = await hosting();
    await ctx.app.provisioning.runDue();
    calls.length = 0;
    const suspended = await call('POST', `/api/admin/services/${id}/suspend`, admin, { reason: 'abuse' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const activated = await call('POST', `/api/admin/services/${id}/activate`, admin, {});
    expect(activated.statusCode, activated.body).toBe(200);
    const [suspend, unsuspend] = (await tasksOf(id)).filter((t) => t.status === 'pending');
    expect([suspend!.operation, unsuspend!.operation]).toEqual(['suspend', 'unsuspend']);

    const clock = clockAt(Date.now() + MINUTE);
    const worker = engine(clock);
    failures = { count: 100, retryable: true };
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await worker.runDue();
      const [first, second] = await tasksOf(id).then((all) => all.filter((t) => t.operation !== 'create'));
      // The later task of the resource never runs while the earlier one is unfinished.
      expect(second).toMatchObject({ status: 'pending', attempts: 0 });
      expect(first!.attempts).toBe(attempt);
      if (attempt < 5) {
        expect(first!.status).toBe('pending');
        expect(first!.nextAttemptAt - clock.t).toBe(backoffMs(attempt, 4 * MINUTE, () => 0.5));
        waits.push(first!.nextAttemptAt - clock.t);
        // Not due yet: nothing runs.
        clock.t = first!.nextAttemptAt - 1;
        await worker.runDue();
        expect((await tasksOf(id)).find((t) => t.id === first!.id)!.attempts).toBe(attempt);
        clock.t = first!.nextAttemptAt;
      } else {
        expect(first).toMatchObject({ status: 'failed', errorCode: 'unreachable' });
        expect(first!.errorMessage).not.toContain('top-secret-key');
      }
    }
    // The four waits double and together span about an hour (45 minutes with this jitter, up to 60).
    expect(waits[1]! / waits[0]!).toBe(2);
    expect(waits.reduce((a, b) => a + b, 0)).toBe(45 * MINUTE);
    expect(calls).toHaveLength(0);
    expect((await service(id)).setupState).toBe('delayed');
    expect((await call('GET', `/api/hosting/${id}`, owner)).json().setup).toBe('delayed');

    // Staff retry it: support may only look; the administrator's retry is audited and the queue drains in order.
    const failed = (await tasksOf(id)).find((t) => t.status === 'failed')!;
    const list = await call('GET', `/api/admin/provisioning?status=failed&resourceId=${id}`, support);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      items: [{ id: failed.id, error: { code: 'unreachable' }, server: { id: serverId } }],
    });
    expect((await call('POST', `/api/admin/provisioning/${failed.id}/retry`, support)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/provisioning/${failed.id}/retry`, admin)).statusCode).toBe(204);
    expect((await service(id)).setupState).toBe('provisioning');
    failures = { count: 0, retryable: true };
    await worker.runDue();
    expect(calls.map((c) => c.operation)).toEqual(['suspend', 'unsuspend']);
    expect((await service(id)).setupState).toBeNull();
    const audit = await db().selectFrom('auditLog').select('action').where('entityId', '=', failed.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['provisioning.retry']);
    // Done tasks are not actions' business any more.
    expect((await call('POST', `/api/admin/provisioning/${failed.id}/cancel`, admin)).statusCode).toBe(409);
  });

  it('cancels a task and marks one done by hand, which makes the service active', async () => {
    const first = await hosting();
    const second = await hosting();
    const [create1] = await tasksOf(first.id);
    const [create2] = await tasksOf(second.id);
    expect((await call('POST', `/api/admin/provisioning/${create1!.id}/complete`, support)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/provisioning/${create1!.id}/complete`, admin)).statusCode).toBe(204);
    expect(await service(first.id)).toMatchObject({ status: 'active', setupState: null });
    expect((await call('POST', `/api/admin/provisioning/${create2!.id}/cancel`, admin)).statusCode).toBe(204);
    expect((await tasksOf(second.id))[0]!.status).toBe('cancelled');
    expect((await service(second.id)).setupState).toBeNull();
    await ctx.app.provisioning.runDue();
    expect(calls.filter((c) => [first.id, second.id].includes(c.target.id))).toHaveLength(0);
    const audit = await db()
      .selectFrom('auditLog')
      .select(['action', 'actorId'])
      .where('entityId', 'in', [create1!.id, create2!.id])
      .orderBy('action')
      .execute();
    expect(audit).toEqual([
      { action: 'provisioning.cancel', actorId: admin.user.id },
      { action: 'provisioning.complete', actorId: admin.user.id },
    ]);
  });

  it('a task stops at once on a refusal that waiting will not change', async () => {
    const { id } = await hosting();
    failures = { count: 1, retryable: false };
    await ctx.app.provisioning.runDue();
    expect((await tasksOf(id))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await service(id)).setupState).toBe('delayed');
  });

  it("the scheduler's overdue suspension queues the suspension with the change", async () => {
    const { id } = await hosting();
    await ctx.app.provisioning.runDue();
    // Its period ended long ago: the scheduler's overdue suspension suspends it and queues the suspension.
    await db()
      .updateTable('services')
      .set({ expiresAt: Date.now() - 30 * 86_400_000 })
      .where('id', '=', id)
      .execute();
    const run = await ctx.app.scheduler.runNow('overdue-suspension');
    expect(run).toMatchObject({ claimed: true, outcome: 'succeeded' });
    expect((await service(id)).status).toBe('suspended');
    expect((await tasksOf(id)).map((t) => [t.operation, t.status])).toEqual([
      ['create', 'done'],
      ['suspend', 'pending'],
    ]);
    calls.length = 0;
    await ctx.app.provisioning.runDue();
    expect(calls.map((c) => [c.operation, c.target.id])).toEqual([['suspend', id]]);
  });

  it('takes up the task of a worker that died once its lease expires', async () => {
    const { id } = await hosting();
    const [task] = await tasksOf(id);
    const now = Date.now() + MINUTE;
    // A worker claimed it, then died before it finished.
    await db()
      .updateTable('provisioningTasks')
      .set({ status: 'running', leaseOwner: 'dead-worker', leaseUntil: now + 5 * MINUTE, attempts: 1 })
      .where('id', '=', task!.id)
      .execute();
    const clock = clockAt(now);
    const worker = engine(clock);
    await worker.runDue();
    expect(calls).toHaveLength(0);
    clock.t = now + 5 * MINUTE;
    await worker.runDue();
    expect(calls.map((c) => [c.operation, c.target.id])).toEqual([['create', id]]);
    expect((await tasksOf(id))[0]).toMatchObject({ status: 'done', attempts: 2, leaseOwner: null });
  });

  it('runs each task once with two workers (two app instances on PostgreSQL)', async () => {
    const services = await Promise.all(Array.from({ length: 8 }, () => hosting()));
    const ids = new Set(services.map((s) => s.id));
    const other = DATABASE_UNDER_TEST === 'postgres' ? await buildApp(ctx.config, { serveWebApp: false }) : undefined;
    try {
      const clock = clockAt(Date.now() + MINUTE);
      const a = engine(clock);
      const b = engine(clock, other ?? ctx.app);
      await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
      const mine = calls.filter((c) => ids.has(c.target.id));
      expect(mine).toHaveLength(8);
      expect(new Set(mine.map((c) => c.target.id)).size).toBe(8);
      for (const s of services) expect((await service(s.id)).status).toBe('active');
    } finally {
      await other?.close();
    }
  });

  it('steps aside for HTTP requests under way between the steps of a task, yet drains in order when they never end', async () => {
    const set = await call('PUT', `/api/admin/servers/${serverId}/driver`, admin, {
      driverType: 'web-node',
      settings: { agentUrl: 'https://agent.example' },
      secrets: { sharedSecret: 'top-secret-key' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const first = await hosting();
    const second = await hosting();
    await ctx.app.provisioning.runDue();
    calls.length = 0;
    for (const action of ['suspend', 'activate']) {
      const changed = await call('POST', `/api/admin/services/${first.id}/${action}`, admin, { reason: 'abuse' });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const suspended = await call('POST', `/api/admin/services/${second.id}/suspend`, admin, { reason: 'abuse' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    // A request that is always under way: the workers look, step aside a little each time, and still finish.
    let looked = 0;
    const worker = engine(clockAt(Date.now() + MINUTE), ctx.app, () => {
      looked += 1;
      return 1;
    });
    await worker.runDue();
    expect(looked).toBeGreaterThan(0);
    expect(calls.filter((c) => c.target.id === first.id).map((c) => c.operation)).toEqual(['suspend', 'unsuspend']);
    expect(calls.filter((c) => c.target.id === second.id).map((c) => c.operation)).toEqual(['suspend']);
    for (const s of [first, second]) {
      expect((await tasksOf(s.id)).every((t) => t.status === 'done' && t.attempts === 1)).toBe(true);
    }
  });
});
