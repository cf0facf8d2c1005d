import { randomBytes, randomUUID } from 'node:crypto';
import { agentRoutes } from '@hostpilot/agent/node';
import { createAgentServer } from '@hostpilot/agent/server';
import { getSite, startTestNode, type TestNode } from '@hostpilot/agent/testing';
import { ADMIN_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, sendAs, staffSession } from '../../test/admin';
import { addService, signUpCustomer } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { enqueueProvisioning } from './tasks';

/**
 * Addon domains on a real web node (docs/decisions/069-addon-domains.md): the agent of apps/agent with its own
 * nginx and php-fpm. An addon domain added by the customer is served by the site's nginx once its task has run,
 * with its www, and no longer once removed.
 */
describe(`addon domains on a web node (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let node: TestNode;
  let agent: ReturnType<typeof createAgentServer>;
  let serverId: string;
  const secret = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    node = await startTestNode();
    agent = createAgentServer({ secret, routes: agentRoutes(node.sites) });
    const agentUrl = `http://127.0.0.1:${await agent.listen('127.0.0.1', 0)}`;
    ctx = await createTestApp({ ...ADMIN_TEST_ENV, DEMO_MODE: 'true' });
    const admin = await staffSession(ctx.app, ADMIN_ROLE);
    const added = await sendAs(ctx.app, 'POST', '/api/admin/servers', admin, {
      name: `e2e-addon-${randomUUID().slice(0, 6)}`,
      location: 'frankfurt',
      type: 'shared',
      ip: '127.0.0.1',
      capacity: 50,
      specs: { cpuModel: 'Test CPU', cpuCores: 2, ramGb: 4, storageGb: 50, bandwidthGbps: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    serverId = added.json<{ id: string }>().id;
    const driver = await sendAs(ctx.app, 'PUT', `/api/admin/servers/${serverId}/driver`, admin, {
      driverType: 'web-node',
      settings: { agentUrl },
      secrets: { sharedSecret: secret },
    });
    expect(driver.statusCode, driver.body).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    await agent?.close();
    await node?.cleanUp();
  }, 120_000);

  it('serves an added addon domain and its www through nginx, and stops once it is removed', async () => {
    const db = ctx.app.database.db;
    const customer = await signUpCustomer(ctx.app);
    const serviceId = await addService(ctx.app, customer.userId, { planId: 'business' });
    const domain = `main-${randomUUID().slice(0, 8)}.com`;
    const addon = `addon-${randomUUID().slice(0, 8)}.example`;
    await db.updateTable('services').set({ serverId, domain }).where('id', '=', serviceId).execute();
    await db.transaction().execute((trx) =>
      enqueueProvisioning(trx, {
        resourceType: 'service',
        resourceId: serviceId,
        operation: 'create',
        now: Date.now(),
      }),
    );
    await ctx.app.provisioning.runDue();
    const main = await getSite(node.port, domain);
    expect(main.status).toBe(200);
    expect((await getSite(node.port, addon)).status).toBe(404);

    const url = `/api/hosting/${serviceId}/domains`;
    const added = await ctx.app.inject({ method: 'POST', url, headers: customer.headers, payload: { name: addon } });
    expect(added.statusCode, added.body).toBe(201);
    await ctx.app.provisioning.runDue();
    const served = await getSite(node.port, addon);
    expect(served.status).toBe(200);
    expect(served.body).toBe(main.body);
    expect((await getSite(node.port, `www.${addon}`)).status).toBe(200);
    expect(node.sites.read(serviceId)).toMatchObject({ domain, aliases: [addon] });
    const listed = await ctx.app.inject({ method: 'GET', url, headers: customer.headers });
    expect(listed.json()).toMatchObject({ used: 2, domains: [{ name: addon, status: 'active' }] });

    const removed = await ctx.app.inject({ method: 'DELETE', url: `${url}/${addon}`, headers: customer.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    await ctx.app.provisioning.runDue();
    expect((await getSite(node.port, addon)).status).toBe(404);
    expect((await getSite(node.port, `www.${addon}`)).status).toBe(404);
    expect((await getSite(node.port, domain)).status).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url, headers: customer.headers });
    expect(after.json()).toMatchObject({ used: 1, domains: [] });
  }, 120_000);
});
