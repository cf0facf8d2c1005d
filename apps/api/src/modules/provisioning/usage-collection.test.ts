import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { agentRoutes } from '@hostpilot/agent/node';
import { createAgentServer } from '@hostpilot/agent/server';
import { freePort, getSite, startTestNode, type TestNode } from '@hostpilot/agent/testing';
import { ADMIN_ROLE, type AdminServer } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, getAs, sendAs, staffSession } from '../../test/admin';
import type { Session } from '../../test/auth';
import { credit, placeQuoted, signUpCustomer, withKey, type Customer } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';

/**
 * Usage measured on a real web node (docs/decisions/058-usage-and-limits.md): the agent of apps/agent with its own
 * nginx and php-fpm and the machine's MariaDB. Pages requested through nginx and files put in the site become the
 * customer's measured bandwidth and disk once the `usage-collection` job has run; the node's own CPU, memory, disk
 * and load become the server's sample in the back office and its Monitor; a node that is down is shown so and
 * holds back no other.
 */
describe(`usage measured on a web node (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let node: TestNode;
  let agent: ReturnType<typeof createAgentServer>;
  let admin: Session;
  let serverId: string;
  const secret = randomBytes(32).toString('base64url');

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session: Session, payload?: unknown) =>
    sendAs(ctx.app, method, url, session, payload);

  async function addNode(name: string, agentUrl: string): Promise<string> {
    const added = await call('POST', '/api/admin/servers', admin, {
      name,
      location: 'frankfurt',
      type: 'shared',
      ip: `127.0.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`,
      capacity: 50,
      specs: { cpuModel: 'Test CPU', cpuCores: 2, ramGb: 4, storageGb: 50, bandwidthGbps: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ id: string }>().id;
    const driver = await call('PUT', `/api/admin/servers/${id}/driver`, admin, {
      driverType: 'web-node',
      settings: { agentUrl },
      secrets: { sharedSecret: secret },
    });
    expect(driver.statusCode, driver.body).toBe(200);
    return id;
  }

  beforeAll(async () => {
    node = await startTestNode();
    agent = createAgentServer({ secret, routes: agentRoutes(node.sites) });
    const agentUrl = `http://127.0.0.1:${await agent.listen('127.0.0.1', 0)}`;
    ctx = await createTestApp({ ...ADMIN_TEST_ENV, DEMO_MODE: 'true' });
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    serverId = await addNode(`e2e-usage-${randomUUID().slice(0, 6)}`, agentUrl);
    const tested = await call('POST', `/api/admin/servers/${serverId}/test-connection`, admin);
    expect(tested.json().connection, tested.body).toMatchObject({ status: 'ok' });
    const approval = await call('PUT', '/api/admin/orders/settings', admin, { requireApproval: false });
    expect(approval.statusCode, approval.body).toBe(200);
  }, 120_000);

  /** A server as the back office's server list answers it. */
  async function adminServer(id: string) {
    const row = await db().selectFrom('servers').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    const list = await getAs(ctx.app, `/api/admin/servers?q=${encodeURIComponent(row.name)}`, admin);
    expect(list.statusCode, list.body).toBe(200);
    return list.json<{ items: AdminServer[] }>().items.find((s) => s.id === id)!;
  }

  afterAll(async () => {
    await ctx?.close();
    await agent?.close();
    await node?.cleanUp();
  }, 120_000);

  const db = () => ctx.app.database.db;

  async function orderHosting(customer: Customer, domain: string): Promise<string> {
    const placed = await placeQuoted(ctx.app, customer, [
      { kind: 'domain', domain, months: 12 },
      { kind: 'hosting', planId: 'starter', months: 1, location: 'frankfurt', domain },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    await credit(ctx.app, customer.userId, 100_000);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.json<{ id: string }>().id}/pay`,
      headers: withKey(customer),
      payload: { method: 'balance' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const row = await db()
      .selectFrom('services')
      .select(['id', 'serverId'])
      .where('userId', '=', customer.userId)
      .where('kind', '=', 'hosting')
      .executeTakeFirstOrThrow();
    expect(row.serverId).toBe(serverId);
    await ctx.app.provisioning.runDue();
    return row.id;
  }

  const hosting = async (customer: Customer, id: string) => {
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/hosting/${id}`, headers: customer.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  /** A file of `bytes` in the site's public_html, owned by the site's user as an upload would be. */
  function putFile(id: string, name: string, bytes: number): void {
    const state = node.sites.read(id)!;
    const file = path.join(state.home, 'public_html', name);
    fs.writeFileSync(file, Buffer.alloc(bytes, 'x'));
    const owner = fs.statSync(path.join(state.home, 'public_html'));
    fs.chownSync(file, owner.uid, owner.gid);
  }

  it("measures the site's traffic through nginx and its disk into the customer's usage bars", async () => {
    const customer = await signUpCustomer(ctx.app);
    const domain = `usage-${randomUUID().slice(0, 8)}.com`;
    const id = await orderHosting(customer, domain);

    // On a web node and not measured yet: no generated figure is shown.
    await db().updateTable('services').set({ storageUsedMb: 999, bandwidthUsedMb: 999 }).where('id', '=', id).execute();
    const before = await hosting(customer, id);
    expect(before).toMatchObject({
      measurement: 'pending',
      measured: null,
      storage: { usedMb: 0 },
      bandwidth: { usedMb: 0 },
    });

    // Visitors: ten requests of a 100 KiB page through the node's nginx.
    putFile(id, 'big.html', 100 * 1024);
    for (let i = 0; i < 10; i++) {
      const page = await getSite(node.port, domain, '/big.html');
      expect(page.status).toBe(200);
    }
    const run = await ctx.app.scheduler.runNow('usage-collection');
    expect(run).toMatchObject({ claimed: true, outcome: 'succeeded' });

    const after = await hosting(customer, id);
    expect(after.measurement).toBe('measured');
    const measured = after.measured;
    // Each answer carried the page and its headers.
    expect(measured.bandwidthBytes).toBeGreaterThanOrEqual(10 * 100 * 1024);
    expect(measured.bandwidthBytes).toBeLessThan(10 * 100 * 1024 + 10 * 1024);
    expect(measured.diskBytes).toBeGreaterThanOrEqual(100 * 1024);
    expect(measured).toMatchObject({
      storageLimitBytes: 10 * 1024 * 1024 * 1024,
      overQuota: false,
      databases: { used: 0, limit: 1 },
      domains: { used: 1, limit: 1 },
    });
    expect(Date.parse(measured.measuredAt)).toBeGreaterThan(0);
    expect(after.storage.usedMb).toBe(Math.ceil(measured.diskBytes / 1024 / 1024));
    expect(after.bandwidth.usedMb).toBe(1);

    // A second run counts only what was sent since: two more requests.
    await getSite(node.port, domain, '/big.html');
    await getSite(node.port, domain, '/big.html');
    await ctx.app.scheduler.runNow('usage-collection');
    const again = (await hosting(customer, id)).measured;
    expect(again.bandwidthBytes - measured.bandwidthBytes).toBeGreaterThanOrEqual(2 * 100 * 1024);
    expect(again.bandwidthBytes - measured.bandwidthBytes).toBeLessThan(2 * 100 * 1024 + 2 * 1024);

    // The log rotated (moved away, nginx reopens it): nothing counted twice, nothing lost.
    const logs = path.join(node.root, 'logs', id);
    fs.renameSync(path.join(logs, 'access.log'), path.join(logs, 'access.log.1'));
    await getSite(node.port, domain, '/big.html');
    const reopened = fs.readFileSync(path.join(node.root, 'nginx', 'run', 'nginx.pid'), 'utf8').trim();
    process.kill(Number(reopened), 'SIGUSR1');
    for (let i = 0; i < 50 && !fs.existsSync(path.join(logs, 'access.log')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await getSite(node.port, domain, '/big.html');
    await ctx.app.scheduler.runNow('usage-collection');
    const rotated = (await hosting(customer, id)).measured;
    expect(rotated.bandwidthBytes - again.bandwidthBytes).toBeGreaterThanOrEqual(2 * 100 * 1024);
    expect(rotated.bandwidthBytes - again.bandwidthBytes).toBeLessThan(2 * 100 * 1024 + 2 * 1024);

    // Over the storage limit: the bar says so, and the agent's quota check refuses a write.
    const site = node.sites.read(id)!;
    await node.sites.apply(id, {
      domain,
      language: site.language,
      status: 'active',
      limits: { ...site.limits, storageMb: 1 },
    });
    putFile(id, 'huge.bin', 2 * 1024 * 1024);
    await ctx.app.scheduler.runNow('usage-collection');
    const over = (await hosting(customer, id)).measured;
    expect(over).toMatchObject({ overQuota: true, storageLimitBytes: 1024 * 1024 });
    expect(await node.sites.quota(id, 1)).toMatchObject({ allowed: false, freeBytes: 0 });
    fs.rmSync(path.join(site.home, 'public_html', 'huge.bin'));
    expect(await node.sites.quota(id, 1024)).toMatchObject({ allowed: true });

    // Another customer cannot read it.
    const stranger = await signUpCustomer(ctx.app);
    const refused = await ctx.app.inject({ method: 'GET', url: `/api/hosting/${id}`, headers: stranger.headers });
    expect(refused.statusCode).toBe(404);
  });

  it("records the node's own CPU, memory, disk and load for its server card and Monitor", async () => {
    await ctx.app.scheduler.runNow('usage-collection');
    const answer = await adminServer(serverId);
    expect(answer.load).not.toBeNull();
    expect(answer.load!.memoryPercent).toBeGreaterThan(0);
    expect(answer.load!.storagePercent).toBeGreaterThan(0);
    expect(answer.node).toMatchObject({ error: null, loadAverage: expect.any(Array), cpus: expect.any(Number) });
    expect(answer.driver.connection).toMatchObject({ status: 'ok' });
    const monitor = await getAs(ctx.app, `/api/admin/servers/${serverId}/usage?range=24h`, admin);
    expect(monitor.statusCode, monitor.body).toBe(200);
    expect(monitor.json().samples.length).toBeGreaterThan(0);
    expect(monitor.json().samples.every((s: { up: boolean }) => s.up)).toBe(true);

    // The generated samples leave a web node alone.
    const generatedBefore = await db()
      .selectFrom('serverUsageSamples')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('serverId', '=', serverId)
      .executeTakeFirstOrThrow();
    await ctx.app.scheduler.runNow('server-samples');
    const generatedAfter = await db()
      .selectFrom('serverUsageSamples')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('serverId', '=', serverId)
      .executeTakeFirstOrThrow();
    expect(Number(generatedAfter.n)).toBe(Number(generatedBefore.n));
  });

  it('a node that is down is shown so to staff, and the others are measured all the same', async () => {
    const downId = await addNode(`e2e-down-${randomUUID().slice(0, 6)}`, `http://127.0.0.1:${await freePort()}`);
    const latest = async (id: string) =>
      (await db()
        .selectFrom('serverUsageSamples')
        .select(['takenAt', 'up'])
        .where('serverId', '=', id)
        .orderBy('takenAt', 'desc')
        .executeTakeFirst()) ?? null;
    const before = await latest(serverId);
    await new Promise((resolve) => setTimeout(resolve, 5));

    const run = await ctx.app.scheduler.runNow('usage-collection');
    expect(run).toMatchObject({ claimed: true, outcome: 'failed' });
    expect(run.claimed && run.outcome === 'failed' && run.error).toMatch(/1 of 2 web node/);

    // The working node got its new sample; the down one a sample marked down and a failed connection.
    const working = await latest(serverId);
    expect(Number(working!.takenAt)).toBeGreaterThan(Number(before!.takenAt));
    expect(Number(working!.up)).toBe(1);
    expect(Number((await latest(downId))!.up)).toBe(0);
    const down = await adminServer(downId);
    expect(down.driver.connection).toMatchObject({ status: 'failed' });
    expect(down.node!.error).toMatch(/ECONNREFUSED|connect/);
    expect(JSON.stringify(down)).not.toContain(secret);
    const monitor = (await getAs(ctx.app, `/api/admin/servers/${downId}/usage?range=24h`, admin)).json();
    expect(monitor.samples.at(-1).up).toBe(false);
    const jobs = (await getAs(ctx.app, '/api/admin/scheduler', admin)).json();
    expect(jobs.jobs.find((j: { name: string }) => j.name === 'usage-collection')).toMatchObject({
      outcome: 'failed',
      error: expect.stringContaining('did not answer'),
    });
    await call('DELETE', `/api/admin/servers/${downId}`, admin);
  });
});
