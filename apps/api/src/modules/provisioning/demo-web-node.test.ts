import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort, getSite } from '@hostpilot/agent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../lib/secret-box';
import { createTestApp, type TestContext } from '../../test/helpers';
import { DEMO_WEB_SERVER, startDemoWebNode } from './demo-web-node';

/**
 * `npm start`'s local web node (docs/decisions/055-web-node-agent.md): with the demo seeded, the demo customer's
 * hosting sites answer through its nginx; after a restart they still do; where nginx is missing it stays off,
 * the server is recorded as not connected and hosting tasks wait.
 */
describe('the demo web node', () => {
  let ctx: TestContext;
  const prefix = `t${randomBytes(3).toString('hex')}`;
  const node = { webUser: `${prefix}web`, userPrefix: prefix };
  // One port for every start, as a demo machine keeps its WEB_NODE_PORT.
  let sitesPort: number;

  beforeAll(async () => {
    ctx = await createTestApp({ SEED_DEMO: 'true', SEED_SCALE: '0' });
    sitesPort = await freePort();
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    const users = execFileSync('getent', ['passwd'], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.split(':')[0]!)
      .filter((name) => name.startsWith(prefix));
    for (const user of users) execFileSync('userdel', [user]);
  }, 60_000);

  const start = async (sitesPort: number, sitesTlsPort?: number) =>
    startDemoWebNode({
      ...(sitesTlsPort ? { sitesTlsPort } : {}),
      db: ctx.app.database.db,
      log: ctx.app.log,
      secretBox: createSecretBox(ctx.config.jwt.secret),
      engine: ctx.app.provisioning,
      dataDir: ctx.config.dataDir,
      sitesPort,
      now: () => Date.now(),
      node,
    });
  const server = () =>
    ctx.app.database.db.selectFrom('servers').selectAll().where('name', '=', DEMO_WEB_SERVER).executeTakeFirstOrThrow();

  it('stays off without nginx, says why, and hosting waits', async () => {
    const before = process.env.NGINX_PATH;
    process.env.NGINX_PATH = '/nonexistent/nginx';
    try {
      expect(await start(await freePort())).toBeNull();
    } finally {
      if (before === undefined) delete process.env.NGINX_PATH;
      else process.env.NGINX_PATH = before;
    }
    expect(await server()).toMatchObject({ driverType: null, connectionStatus: 'failed' });
    expect((await server()).connectionError).toMatch(/lacks nginx/);
  });

  it("serves the demo customer's sites, and again after a restart", async () => {
    const port = sitesPort;
    const first = await start(port);
    expect(first).not.toBeNull();
    try {
      expect(await server()).toMatchObject({ driverType: 'web-node', connectionStatus: 'ok', connectionError: null });
      await ctx.app.provisioning.runDue();
      const page = await getSite(port, 'mysite.com');
      expect(page.status).toBe(200);
      expect(page.body).toContain('This website is ready for its content');
      expect((await getSite(port, 'www.myblog.net')).status).toBe(200);
      // The services' rows say where their sites are (the seed had placed them on a server with no agent).
      const placed = await ctx.app.database.db
        .selectFrom('services')
        .innerJoin('servers', 'servers.id', 'services.serverId')
        .select(['services.domain', 'servers.name'])
        .where('services.domain', 'in', ['mysite.com', 'myblog.net'])
        .where('services.kind', '=', 'hosting')
        .execute();
      expect(placed.map((row) => row.name)).toEqual([DEMO_WEB_SERVER, DEMO_WEB_SERVER]);
      // Their domains' zones were queued again, to answer with this node's address instead of the old server's.
      const zoneUpdates = await ctx.app.database.db
        .selectFrom('provisioningTasks')
        .innerJoin('domains', 'domains.id', 'provisioningTasks.resourceId')
        .select('domains.name')
        .where('provisioningTasks.resourceType', '=', 'domain')
        .where('provisioningTasks.operation', '=', 'update')
        .where('domains.name', 'in', ['mysite.com', 'myblog.net'])
        .orderBy('domains.name')
        .execute();
      expect(zoneUpdates.map((row) => row.name)).toEqual(['myblog.net', 'mysite.com']);
    } finally {
      await first!.stop();
    }
    await expect(getSite(port, 'mysite.com')).rejects.toThrow();

    const again = await start(port);
    try {
      await ctx.app.provisioning.runDue();
      expect((await getSite(port, 'mysite.com')).status).toBe(200);
      // The sites were made once: the restart queued nothing new.
      const tasks = await ctx.app.database.db
        .selectFrom('provisioningTasks')
        .select('id')
        .where('driverType', '=', 'web-node')
        .execute();
      expect(tasks).toHaveLength(2);
    } finally {
      await again!.stop();
    }
    expect(fs.statSync(ctx.config.dataDir).mode & 0o777).toBe(0o711);
    expect(fs.statSync(path.join(ctx.config.dataDir, 'web-node', 'agent-secret')).mode & 0o777).toBe(0o600);
  });

  it('serves HTTP when its HTTPS port is taken, and says HTTPS is off and why', async () => {
    const tlsPort = await freePort();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(tlsPort, '127.0.0.1', resolve));
    const port = sitesPort;
    try {
      const started = await start(port, tlsPort);
      expect(started).not.toBeNull();
      try {
        expect(started!.sitesTlsPort).toBeNull();
        expect(started!.httpsOff).toBe(`port ${tlsPort} on 127.0.0.1 is taken (set WEB_NODE_TLS_PORT to a free port)`);
        await ctx.app.provisioning.runDue();
        expect((await getSite(port, 'mysite.com')).status).toBe(200);
        expect(await server()).toMatchObject({ driverType: 'web-node', connectionStatus: 'ok' });
      } finally {
        await started!.stop();
      }
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    // With the port free again, HTTPS is on.
    const again = await start(port, tlsPort);
    try {
      expect(again).toMatchObject({ sitesTlsPort: tlsPort, httpsOff: null });
    } finally {
      await again!.stop();
    }
  });
});
