import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { agentRoutes } from '@hostpilot/agent/node';
import { createAgentServer } from '@hostpilot/agent/server';
import { getSite, startTestNode, type TestNode } from '@hostpilot/agent/testing';
import { ADMIN_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, sendAs, staffSession } from '../../test/admin';
import type { Session } from '../../test/auth';
import { credit, placeQuoted, signUpCustomer, withKey } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { createWebNodeDriver } from './drivers/web-node/driver';

/**
 * Hosting provisioned on a real web node (docs/decisions/055-web-node-agent.md): the agent of apps/agent with its
 * own nginx and php-fpm and the machine's MariaDB, reached by the web-node driver with signed requests. A hosting
 * order paid and accepted becomes a site that answers through nginx; staff suspend, activate and terminate reach
 * it the same way.
 */
describe(`hosting on a web node (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let node: TestNode;
  let agent: ReturnType<typeof createAgentServer>;
  let agentUrl: string;
  let admin: Session;
  let serverId: string;
  const secret = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    node = await startTestNode();
    agent = createAgentServer({ secret, routes: agentRoutes(node.sites) });
    agentUrl = `http://127.0.0.1:${await agent.listen('127.0.0.1', 0)}`;
    ctx = await createTestApp({ ...ADMIN_TEST_ENV, DEMO_MODE: 'true' });
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    // The web node, as staff add it: a shared server with the web-node driver and its secret.
    const added = await call('POST', '/api/admin/servers', admin, {
      name: `e2e-web-${randomUUID().slice(0, 6)}`,
      location: 'frankfurt',
      type: 'shared',
      ip: '127.0.0.1',
      capacity: 50,
      specs: { cpuModel: 'Test CPU', cpuCores: 2, ramGb: 4, storageGb: 50, bandwidthGbps: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    serverId = added.json<{ id: string }>().id;
    const driver = await call('PUT', `/api/admin/servers/${serverId}/driver`, admin, {
      driverType: 'web-node',
      settings: { agentUrl },
      secrets: { sharedSecret: secret },
    });
    expect(driver.statusCode, driver.body).toBe(200);
    const tested = await call('POST', `/api/admin/servers/${serverId}/test-connection`, admin);
    expect(tested.json().connection, tested.body).toMatchObject({ status: 'ok' });
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    await agent?.close();
    await node?.cleanUp();
  }, 120_000);

  const db = () => ctx.app.database.db;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session: Session, payload?: unknown) =>
    sendAs(ctx.app, method, url, session, payload);
  const service = (id: string) =>
    db().selectFrom('services').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('orders hosting, pays, is accepted: the site answers through nginx; suspend, activate, terminate reach it', async () => {
    // A wrong secret is refused by the agent and said so, without the secret.
    const wrong = await call('PUT', `/api/admin/servers/${serverId}/driver`, admin, {
      driverType: 'web-node',
      settings: { agentUrl },
      secrets: { sharedSecret: 'w'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(200);
    const refused = await call('POST', `/api/admin/servers/${serverId}/test-connection`, admin);
    expect(refused.json().connection).toMatchObject({ status: 'failed' });
    expect(refused.body).not.toContain('w'.repeat(43));
    await call('PUT', `/api/admin/servers/${serverId}/driver`, admin, {
      driverType: 'web-node',
      settings: { agentUrl },
      secrets: { sharedSecret: secret },
    });
    expect(
      (await call('POST', `/api/admin/servers/${serverId}/test-connection`, admin)).json().connection,
    ).toMatchObject({ status: 'ok' });

    // Approval on: the paid order waits for staff, then the site is made through the queue.
    const approval = await call('PUT', '/api/admin/orders/settings', admin, { requireApproval: true });
    expect(approval.statusCode, approval.body).toBe(200);
    const customer = await signUpCustomer(ctx.app);
    await db().updateTable('users').set({ preferredLanguage: 'ru' }).where('id', '=', customer.userId).execute();
    const domain = `site-${randomUUID().slice(0, 8)}.com`;
    const lines = [
      { kind: 'domain', domain, months: 12 },
      { kind: 'hosting', planId: 'starter', months: 1, location: 'frankfurt', domain },
    ];
    const placed = await placeQuoted(ctx.app, customer, lines);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ id: string }>();
    await credit(ctx.app, customer.userId, 100_000);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/pay`,
      headers: withKey(customer),
      payload: { method: 'balance' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order.status).toBe('awaiting_review');
    const accepted = await call('POST', `/api/admin/orders/${order.id}/accept`, admin);
    expect(accepted.statusCode, accepted.body).toBe(200);

    const row = await db()
      .selectFrom('services')
      .selectAll()
      .where('userId', '=', customer.userId)
      .where('kind', '=', 'hosting')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', setupState: 'provisioning', serverId });
    expect((await getSite(node.port, domain)).status).toBe(404);

    await ctx.app.provisioning.runDue();
    expect(await service(row.id)).toMatchObject({ status: 'active', setupState: null });
    const page = await getSite(node.port, domain);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Этот сайт готов к наполнению');
    expect((await getSite(node.port, `www.${domain}`)).status).toBe(200);
    const site = node.sites.read(row.id)!;
    expect(site).toMatchObject({
      domain,
      status: 'active',
      limits: { storageMb: 10 * 1024, databases: 1, domains: 1 },
    });

    // Staff suspend: 503 "suspended"; activate: back.
    const suspended = await call('POST', `/api/admin/services/${row.id}/suspend`, admin, { reason: 'Abuse report' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    await ctx.app.provisioning.runDue();
    const closed = await getSite(node.port, domain);
    expect(closed.status).toBe(503);
    expect(closed.body).toContain('Website suspended');
    const activated = await call('POST', `/api/admin/services/${row.id}/activate`, admin);
    expect(activated.statusCode, activated.body).toBe(200);
    await ctx.app.provisioning.runDue();
    expect((await getSite(node.port, domain)).status).toBe(200);

    // The driver's usage and listing read the node.
    const webNode = createWebNodeDriver({ agentUrl, sharedSecret: secret });
    const measured = await webNode.usage!({ kind: 'service', id: row.id, domain, plan: 'starter' });
    expect(measured.fileBytes).toBeGreaterThan(0);
    expect(measured.bandwidthBytes).toBeGreaterThan(0);
    expect(await webNode.list!()).toContain(row.id);

    // Each change went through the queue.
    const queued = await call('GET', `/api/admin/provisioning?resourceId=${row.id}`, admin);
    expect(queued.json().items.map((t: { operation: string; status: string }) => [t.operation, t.status])).toEqual(
      expect.arrayContaining([
        ['create', 'done'],
        ['suspend', 'done'],
        ['unsuspend', 'done'],
      ]),
    );

    // Terminate: the site is gone from nginx, its archive kept on the node.
    const terminated = await call('DELETE', `/api/admin/services/${row.id}`, admin, { confirm: domain });
    expect(terminated.statusCode, terminated.body).toBe(200);
    await ctx.app.provisioning.runDue();
    expect((await getSite(node.port, domain)).status).toBe(404);
    expect(node.sites.read(row.id)).toBeNull();
    const archives = fs.readdirSync(path.join(node.root, 'archives')).filter((n) => n.startsWith(row.id));
    expect(archives).toHaveLength(1);
    const calls = await db().selectFrom('provisioningCalls').select(['operation', 'outcome', 'message']).execute();
    // Every call of the service's tasks succeeded the first time; only the test with the wrong secret failed.
    expect(calls.filter((c) => c.outcome !== 'ok').map((c) => c.operation)).toEqual(['testConnection']);
    expect(calls.filter((c) => c.outcome !== 'ok')[0]!.message).toMatch(/refused our signature/);
    expect(JSON.stringify(calls)).not.toContain(secret);
    expect(JSON.stringify(calls)).not.toContain('w'.repeat(43));
  });

  it('waits while the node is down and finishes the site once it is back', async () => {
    const port = Number(new URL(agentUrl).port);
    await agent.close();
    await call('PUT', '/api/admin/orders/settings', admin, { requireApproval: false });
    const customer = await signUpCustomer(ctx.app);
    const domain = `down-${randomUUID().slice(0, 8)}.com`;
    const placed = await placeQuoted(ctx.app, customer, [
      { kind: 'domain', domain, months: 12 },
      { kind: 'hosting', planId: 'business', months: 1, location: 'frankfurt', domain },
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
      .selectAll()
      .where('userId', '=', customer.userId)
      .where('kind', '=', 'hosting')
      .executeTakeFirstOrThrow();
    const task = () =>
      db()
        .selectFrom('provisioningTasks')
        .selectAll()
        .where('resourceId', '=', row.id)
        .where('operation', '=', 'create')
        .executeTakeFirstOrThrow();

    // No answer: the try is spent and the task waits for its next one, the service still being set up.
    await ctx.app.provisioning.runDue();
    expect(await task()).toMatchObject({ status: 'pending', attempts: 1, errorCode: 'unreachable' });
    expect(await service(row.id)).toMatchObject({ status: 'pending', setupState: 'provisioning' });

    // The agent is back; when the retry is due the site is made.
    expect(await agent.listen('127.0.0.1', port)).toBe(port);
    await db()
      .updateTable('provisioningTasks')
      .set({ nextAttemptAt: 0 })
      .where('id', '=', (await task()).id)
      .execute();
    await ctx.app.provisioning.runDue();
    expect(await task()).toMatchObject({ status: 'done', attempts: 2 });
    expect(await service(row.id)).toMatchObject({ status: 'active', setupState: null });
    expect((await getSite(node.port, domain)).status).toBe(200);
    expect(node.sites.read(row.id)).toMatchObject({ limits: { databases: 10, domains: 5 } });
  });
});
