import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { agentRoutes } from '@hostpilot/agent/node';
import { createAgentServer } from '@hostpilot/agent/server';
import { startTestNode, type TestNode } from '@hostpilot/agent/testing';
import { ADMIN_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, sendAs, staffSession } from '../../test/admin';
import type { Session } from '../../test/auth';
import { addService, credit, type Customer, placeQuoted, signUpCustomer, withKey } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';

const exec = promisify(execFile);

/**
 * A hosting customer's databases (docs/decisions/055-web-node-agent.md): the routes of hosting-databases.routes.ts
 * against a real web node (apps/agent, its own nginx and php-fpm) and the machine's MariaDB. The node's test
 * prefix makes every site user, database and database user unique; `cleanUp` terminates the sites, which drops
 * them.
 */
describe(`hosting databases (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let node: TestNode;
  let agent: ReturnType<typeof createAgentServer>;
  let admin: Session;
  const secret = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    node = await startTestNode();
    agent = createAgentServer({ secret, routes: agentRoutes(node.sites) });
    const agentUrl = `http://127.0.0.1:${await agent.listen('127.0.0.1', 0)}`;
    ctx = await createTestApp({ ...ADMIN_TEST_ENV, DEMO_MODE: 'true' });
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    const added = await sendAs(ctx.app, 'POST', '/api/admin/servers', admin, {
      name: `e2e-dbweb-${randomUUID().slice(0, 6)}`,
      location: 'frankfurt',
      type: 'shared',
      ip: '127.0.0.1',
      capacity: 50,
      specs: { cpuModel: 'Test CPU', cpuCores: 2, ramGb: 4, storageGb: 50, bandwidthGbps: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const serverId = added.json<{ id: string }>().id;
    const driver = await sendAs(ctx.app, 'PUT', `/api/admin/servers/${serverId}/driver`, admin, {
      driverType: 'web-node',
      settings: { agentUrl },
      secrets: { sharedSecret: secret },
    });
    expect(driver.statusCode, driver.body).toBe(200);
    // A paid order makes its service at once (no review by staff).
    const approval = await sendAs(ctx.app, 'PUT', '/api/admin/orders/settings', admin, { requireApproval: false });
    expect(approval.statusCode, approval.body).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    await agent?.close();
    await node?.cleanUp();
  }, 120_000);

  const db = () => ctx.app.database.db;
  const as = (customer: Customer, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: customer.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  /** A customer's paid Starter hosting (one database), made on the node. */
  async function activeHosting(): Promise<{ customer: Customer; serviceId: string; domain: string }> {
    const customer = await signUpCustomer(ctx.app);
    const domain = `db-${randomUUID().slice(0, 8)}.com`;
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
      .select('id')
      .where('userId', '=', customer.userId)
      .where('kind', '=', 'hosting')
      .executeTakeFirstOrThrow();
    await ctx.app.provisioning.runDue();
    expect(
      await db().selectFrom('services').select('status').where('id', '=', row.id).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'active' });
    return { customer, serviceId: row.id, domain };
  }

  /** Runs a statement as the database's own user over TCP, the password in the environment (not the arguments). */
  async function asDatabaseUser(
    credentials: { user: string; password: string; host: string; port: number; name: string },
    statement: string,
  ) {
    const { stdout } = await exec(
      '/usr/bin/mariadb',
      [
        '--protocol=tcp',
        `--host=${credentials.host}`,
        `--port=${credentials.port}`,
        `--user=${credentials.user}`,
        '--batch',
        '--skip-column-names',
        credentials.name,
        '-e',
        statement,
      ],
      { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', MYSQL_PWD: credentials.password } },
    );
    return stdout.trim();
  }

  it('creates a database within the plan, shows its password once, resets it and deletes it', async () => {
    const { customer, serviceId } = await activeHosting();
    const base = `/api/hosting/${serviceId}/databases`;

    const empty = await as(customer, 'GET', base);
    expect(empty.statusCode, empty.body).toBe(200);
    const listing = empty.json<{ databases: unknown[]; limit: number; prefix: string; host: string; port: number }>();
    expect(listing).toMatchObject({ databases: [], limit: 1, host: '127.0.0.1', port: 3306 });
    expect(listing.prefix).toMatch(new RegExp(`^${node.prefix}[0-9a-f]{10}_$`));

    // A name outside the pattern is refused here, with the key the dashboard translates.
    for (const name of ['Shop', 'a-b', 'x'.repeat(17), '', 'a;drop']) {
      const bad = await as(customer, 'POST', base, { name });
      expect(bad.statusCode, name).toBe(400);
      expect(bad.json().error.fields.name.code).toMatch(/^validation\.(databaseName|required)$/);
    }

    const created = await as(customer, 'POST', base, { name: 'shop' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const credentials = created.json<{ name: string; user: string; password: string; host: string; port: number }>();
    expect(credentials).toMatchObject({ name: `${listing.prefix}shop`, user: `${listing.prefix}shop` });
    expect(credentials.password).toMatch(/^[A-Za-z0-9_-]{24}$/);

    // The shown credentials open the database, over TCP as PHP on the site would.
    await asDatabaseUser(credentials, 'CREATE TABLE t (id INT); INSERT INTO t VALUES (42);');
    expect(await asDatabaseUser(credentials, 'SELECT id FROM t;')).toBe('42');
    expect(await asDatabaseUser(credentials, 'SELECT DATABASE();')).toBe(credentials.name);

    // Listed with its user; the password is not.
    const listed = await as(customer, 'GET', base);
    expect(listed.json().databases).toEqual([{ name: credentials.name, user: credentials.user }]);
    expect(listed.body).not.toContain(credentials.password);

    // Starter allows one: a second is refused with a clear, translated reason, and nothing is made.
    const over = await as(customer, 'POST', base, { name: 'blog' });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().error.fields.name).toMatchObject({ code: 'validation.databaseLimit' });
    expect((await as(customer, 'GET', base)).json().databases).toHaveLength(1);
    // The same name again is "taken", not a second database.
    const again = await as(customer, 'POST', base, { name: 'shop' });
    expect(again.json().error.fields.name).toMatchObject({ code: 'validation.databaseExists' });

    // A new password works; the old one no longer does.
    const reset = await as(customer, 'POST', `${base}/${credentials.name}/password`);
    expect(reset.statusCode, reset.body).toBe(200);
    const renewed = reset.json<typeof credentials>();
    expect(renewed.password).not.toBe(credentials.password);
    expect(await asDatabaseUser(renewed, 'SELECT id FROM t;')).toBe('42');
    await expect(asDatabaseUser(credentials, 'SELECT 1;')).rejects.toThrow(/Access denied/);

    // Neither password is kept or logged on our side.
    const kept = JSON.stringify(
      await Promise.all([
        db().selectFrom('provisioningCalls').selectAll().execute(),
        db().selectFrom('provisioningTasks').selectAll().execute(),
        db().selectFrom('activity').selectAll().execute(),
        db().selectFrom('auditLog').selectAll().execute(),
        db().selectFrom('errorLog').selectAll().execute(),
      ]),
    );
    for (const password of [credentials.password, renewed.password]) {
      expect(kept).not.toContain(password);
      expect(ctx.logs()).not.toContain(password);
    }

    // A database that is not this site's is not found; a name that is no database name is refused.
    expect((await as(customer, 'POST', `${base}/${listing.prefix}other/password`)).statusCode).toBe(404);
    expect((await as(customer, 'DELETE', `${base}/mysql`)).statusCode).toBe(400);
    expect((await as(customer, 'DELETE', `${base}/root_x`)).statusCode).toBe(404);

    const deleted = await as(customer, 'DELETE', `${base}/${credentials.name}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await as(customer, 'GET', base)).json().databases).toEqual([]);
    await expect(asDatabaseUser(renewed, 'SELECT 1;')).rejects.toThrow(/Access denied/);
    // The place is free again.
    const next = await as(customer, 'POST', base, { name: 'blog' });
    expect(next.statusCode, next.body).toBe(201);
    expect((await as(customer, 'DELETE', `${base}/${next.json().name}`)).statusCode).toBe(200);
  });

  it("refuses another account's site as not found, and a site that is not active or not on a web node", async () => {
    const { customer, serviceId } = await activeHosting();
    const base = `/api/hosting/${serviceId}/databases`;
    const stranger = await signUpCustomer(ctx.app);
    for (const [method, url, payload] of [
      ['GET', base, undefined],
      ['POST', base, { name: 'stolen' }],
      ['POST', `${base}/x_y/password`, undefined],
      ['DELETE', `${base}/x_y`, undefined],
    ] as const) {
      const answer = await as(stranger, method, url, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().error.code).toBe('NOT_FOUND');
    }
    expect((await ctx.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    expect((await as(customer, 'GET', base)).json().databases).toEqual([]);
    // The site is found on the node its provisioning ran on, even when the service's row names no server
    // (the demo's hosting, placed before the node existed).
    await db().updateTable('services').set({ serverId: null }).where('id', '=', serviceId).execute();
    const throughTask = await as(customer, 'GET', base);
    expect(throughTask.statusCode, throughTask.body).toBe(200);

    // Suspended: the databases cannot be changed until the site is active again.
    await db().updateTable('services').set({ status: 'suspended' }).where('id', '=', serviceId).execute();
    const suspended = await as(customer, 'POST', base, { name: 'late' });
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json().error.code).toBe('INVALID_STATE');
    await db().updateTable('services').set({ status: 'active' }).where('id', '=', serviceId).execute();

    // Hosting that no web node serves, and a service that is not hosting.
    const unplaced = await addService(ctx.app, customer.userId, { kind: 'hosting', planId: 'starter' });
    const noNode = await as(customer, 'GET', `/api/hosting/${unplaced}/databases`);
    expect(noNode.statusCode, noNode.body).toBe(409);
    const game = await addService(ctx.app, customer.userId, { kind: 'game', planId: 'minecraft-basic' });
    expect((await as(customer, 'GET', `/api/hosting/${game}/databases`)).statusCode).toBe(404);
  });
});
