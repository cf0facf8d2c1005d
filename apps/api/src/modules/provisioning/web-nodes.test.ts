import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import {
  buildAgent,
  type Namespace,
  namespaceNetwork,
  type ProcessNode,
  startProcessNode,
  testCertificates,
} from '@hostpilot/agent/testing-process';
import { ADMIN_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, sendAs, staffSession } from '../../test/admin';
import type { Session } from '../../test/auth';
import { credit, placeQuoted, signUpCustomer, withKey } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';

/**
 * Two web nodes, each in a network namespace of its own (docs/decisions/062-web-nodes-placement-and-faults.md): a
 * real agent (`node dist/agent.js`) with its own nginx and php-fpm per namespace, reached over TLS from a test CA
 * on a veth pair with private addresses. Orders spread by free capacity and each site answers through its own
 * node's nginx; a node whose agent stops is marked failed by its first unanswered task, new orders go to the other,
 * and its waiting task finishes when it is back; an agent killed (SIGKILL) in the middle of creating a site ends,
 * re-run, in one complete site. Everything made (namespaces, veths, processes, users, folders) is removed after.
 */

const SITES_PORT = 8080;

interface Node {
  ns: Namespace;
  agent: ProcessNode;
  serverId: string;
  name: string;
}

describe(`two web nodes in network namespaces (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext | undefined;
  let admin: Session;
  const nodes: Node[] = [];
  const made: { ns: Namespace[]; agents: ProcessNode[] } = { ns: [], agents: [] };
  const tag = randomBytes(2).toString('hex');
  const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-ca-'));
  const originalCa = https.globalAgent.options.ca;

  beforeAll(async () => {
    await buildAgent();
    // Two /30s in 10.0.0.0/8 picked at random for this run (two runs side by side do not share one).
    const a = 100 + Math.floor(Math.random() * 150);
    const b = Math.floor(Math.random() * 63) * 4;
    for (const i of [0, 1]) made.ns.push(await namespaceNetwork(`hp${tag}${i}`, [a, b + i]));
    const certificates = await testCertificates(
      certDir,
      made.ns.map((ns) => ns.address),
    );
    // This process trusts the test CA as production trusts the node CA (NODE_EXTRA_CA_CERTS, which Node reads only
    // at start): on the default HTTPS agent the driver's requests use, beside the public roots.
    https.globalAgent.options.ca = [...tls.rootCertificates, certificates.ca];
    for (const [i, ns] of made.ns.entries()) {
      const agent = await startProcessNode({
        namespace: ns,
        prefix: `t${tag}${i}`,
        sitesPort: SITES_PORT,
        tls: { ...certificates.certs[i]!, ca: certificates.ca },
      });
      made.agents.push(agent);
      await agent.start();
    }

    ctx = await createTestApp({ ...ADMIN_TEST_ENV, DEMO_MODE: 'true' });
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    const approval = await sendAs(ctx.app, 'PUT', '/api/admin/orders/settings', admin, { requireApproval: false });
    expect(approval.statusCode, approval.body).toBe(200);
    // Node a takes 4 sites, node b 7: b has the more room until it has taken three.
    for (const [i, capacity] of [4, 7].entries()) {
      const name = `e2e-ns-${tag}-${'ab'[i]}`;
      const added = await sendAs(ctx.app, 'POST', '/api/admin/servers', admin, {
        name,
        location: 'london',
        type: 'shared',
        ip: made.ns[i]!.address,
        capacity,
        specs: { cpuModel: 'Test CPU', cpuCores: 2, ramGb: 4, storageGb: 50, bandwidthGbps: 1 },
      });
      expect(added.statusCode, added.body).toBe(201);
      const serverId = added.json<{ id: string }>().id;
      const driver = await sendAs(ctx.app, 'PUT', `/api/admin/servers/${serverId}/driver`, admin, {
        driverType: 'web-node',
        settings: { agentUrl: made.agents[i]!.url },
        secrets: { sharedSecret: made.agents[i]!.secret },
      });
      expect(driver.statusCode, driver.body).toBe(200);
      const tested = await sendAs(ctx.app, 'POST', `/api/admin/servers/${serverId}/test-connection`, admin);
      expect(tested.json().connection, tested.body).toMatchObject({ status: 'ok' });
      nodes.push({ ns: made.ns[i]!, agent: made.agents[i]!, serverId, name });
    }
  }, 240_000);

  afterAll(async () => {
    https.globalAgent.options.ca = originalCa;
    await ctx?.close();
    for (const agent of made.agents) await agent.cleanUp().catch(() => undefined);
    for (const ns of made.ns) await ns.remove();
    fs.rmSync(certDir, { recursive: true, force: true });
  }, 240_000);

  const db = () => ctx!.app.database.db;

  /** Orders and pays one hosting service for a new domain; answers the service's id, server and domain. */
  async function order(): Promise<{ id: string; serverId: string; domain: string }> {
    const customer = await signUpCustomer(ctx!.app);
    const domain = `ns-${randomUUID().slice(0, 8)}.com`;
    const placed = await placeQuoted(ctx!.app, customer, [
      { kind: 'domain', domain, months: 12 },
      { kind: 'hosting', planId: 'starter', months: 1, location: 'london', domain },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    await credit(ctx!.app, customer.userId, 100_000);
    const paid = await ctx!.app.inject({
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
    return { id: row.id, serverId: row.serverId!, domain };
  }

  const createTask = (serviceId: string) =>
    db()
      .selectFrom('provisioningTasks')
      .selectAll()
      .where('resourceId', '=', serviceId)
      .where('driverType', '=', 'web-node')
      .where('operation', '=', 'create')
      .executeTakeFirstOrThrow();
  const status = async (serviceId: string) =>
    (await db().selectFrom('services').select('status').where('id', '=', serviceId).executeTakeFirstOrThrow()).status;
  const connection = async (serverId: string) =>
    (await db().selectFrom('servers').select('connectionStatus').where('id', '=', serverId).executeTakeFirstOrThrow())
      .connectionStatus;
  /** Makes the task's next try due now (its backoff is minutes long). */
  const due = (taskId: string) =>
    db().updateTable('provisioningTasks').set({ nextAttemptAt: 0 }).where('id', '=', taskId).execute();
  const nodeOf = (serverId: string) => nodes.find((n) => n.serverId === serverId)!;

  it('spreads orders by free capacity; each site answers through its own node nginx', async () => {
    const [a, b] = nodes;
    const services = [];
    for (let i = 0; i < 4; i += 1) services.push(await order());
    // 4 and 7 free: b, b, b (down to 4), then the tie by name: a.
    expect(services.map((s) => s.serverId)).toEqual([b!.serverId, b!.serverId, b!.serverId, a!.serverId]);
    await ctx!.app.provisioning.runDue();
    for (const service of services) {
      expect(await status(service.id)).toBe('active');
      const own = nodeOf(service.serverId);
      const other = nodes.find((n) => n !== own)!;
      const page = await visit(own, service.domain);
      expect(page.status).toBe(200);
      expect(page.body).toContain('This website is ready');
      expect((await visit(other, service.domain)).status).toBe(404);
    }
  });

  it('keeps taking orders on one node while the other is down; the down node finishes its task when back', async () => {
    const [a, b] = nodes;
    await b!.agent.stop();
    // b still has the more room (4 against 3): the order goes there, its task finds no answer.
    const stranded = await order();
    expect(stranded.serverId).toBe(b!.serverId);
    await ctx!.app.provisioning.runDue();
    expect(await createTask(stranded.id)).toMatchObject({ status: 'pending', attempts: 1, errorCode: 'unreachable' });
    expect(await status(stranded.id)).toBe('pending');
    // The engine marked b failed: new orders go to a, and are made there at once.
    expect(await connection(b!.serverId)).toBe('failed');
    const meanwhile = [await order(), await order()];
    expect(meanwhile.map((s) => s.serverId)).toEqual([a!.serverId, a!.serverId]);
    await ctx!.app.provisioning.runDue();
    for (const service of meanwhile) {
      expect(await status(service.id)).toBe('active');
      expect((await visit(a!, service.domain)).status).toBe(200);
    }
    expect(await createTask(stranded.id)).toMatchObject({ status: 'pending', attempts: 1 });

    // b is back: the waiting task is made on its next try, and b takes orders again.
    await b!.agent.start();
    await due((await createTask(stranded.id)).id);
    await ctx!.app.provisioning.runDue();
    expect(await createTask(stranded.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await status(stranded.id)).toBe('active');
    expect((await visit(b!, stranded.domain)).status).toBe(200);
    expect(await connection(b!.serverId)).toBe('ok');
    const after = await order();
    expect(after.serverId).toBe(b!.serverId);
    await ctx!.app.provisioning.runDue();
    expect(await status(after.id)).toBe('active');
  });

  it('ends in one complete site when the agent is killed in the middle of creating it', async () => {
    const [, b] = nodes;
    const service = await order();
    expect(service.serverId).toBe(b!.serverId);
    const before = (await b!.agent.client().call<{ sites: string[] }>('GET', '/v1/sites')).body.sites;
    expect(before).not.toContain(service.id);
    const stateFile = path.join(b!.agent.root, 'agent', 'sites', `${service.id}.json`);
    const confFile = path.join(b!.agent.root, 'agent', 'nginx', 'sites', `${service.id}.map`);

    // The agent records the site before it makes anything; it is killed as soon as that record appears.
    const pass = ctx!.app.provisioning.runDue();
    await until(() => fs.existsSync(stateFile));
    const confBeforeKill = fs.existsSync(confFile);
    await b!.agent.stop('SIGKILL');
    await pass;
    expect(confBeforeKill).toBe(false);
    expect(await createTask(service.id)).toMatchObject({ status: 'pending', errorCode: 'unreachable' });

    await b!.agent.start();
    await due((await createTask(service.id)).id);
    await ctx!.app.provisioning.runDue();
    expect(await createTask(service.id)).toMatchObject({ status: 'done' });
    expect(await status(service.id)).toBe('active');
    const page = await visit(b!, service.domain);
    expect(page.status).toBe(200);
    expect(page.body).toContain('This website is ready');
    // One site: one record, one file of map entries, one pool, one Linux user for it.
    const sites = (await b!.agent.client().call<{ sites: string[] }>('GET', '/v1/sites')).body.sites;
    expect(sites.filter((id) => id === service.id)).toHaveLength(1);
    const site = (await b!.agent.client().call<{ user: string; status: string }>('GET', `/v1/sites/${service.id}`))
      .body;
    expect(site.status).toBe('active');
    const confs = fs.readdirSync(path.dirname(confFile)).filter((n) => n.startsWith(service.id));
    expect(confs).toEqual([`${service.id}.map`]);
    const pools = fs
      .readdirSync(path.join(b!.agent.root, 'agent', 'php-fpm', 'pools'))
      .filter((n) => n.startsWith(service.id));
    expect(pools).toEqual([`${service.id}.conf`]);
    const passwd = fs.readFileSync('/etc/passwd', 'utf8').split('\n');
    expect(passwd.filter((line) => line.startsWith(`${site.user}:`))).toHaveLength(1);
  });
});

/** A GET to a node's nginx (its namespace address) for this host. */
function visit(node: Node, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: node.agent.sitesHost, port: node.agent.sitesPort, path: '/', headers: { host }, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error('no answer from the node')));
    request.on('error', reject);
    request.end();
  });
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
