import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agentRoutes } from '@hostpilot/agent/node';
import { createAgentServer } from '@hostpilot/agent/server';
import { freePort, getSite, getSiteTls, startTestNode, type TestNode } from '@hostpilot/agent/testing';
import { ADMIN_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, sendAs, staffSession } from '../../test/admin';
import type { Session } from '../../test/auth';
import { credit, placeQuoted, signUpCustomer, withKey } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { type PebbleProcess, startPebble, describeCertificate, renewalTime } from '../provisioning';
import { createSecretBox } from '../../lib/secret-box';
import { queueSiteInstalls } from './site-certificates';

/**
 * Certificates on a web node (docs/decisions/049-certificates-through-acme.md, addendum): a domain hosted on our
 * web node whose name servers are elsewhere is validated by HTTP-01 through its site; the issued certificate is
 * installed on the site through the queue and the site answers HTTPS with it; renewal by the app's clock installs
 * the new serial. Real Pebble (its VA fetching from the node's nginx, names resolved by pebble-challtestsrv to
 * 127.0.0.1, as the world's DNS would point the domain at the node), the real agent, nginx and php-fpm.
 */
describe(`certificates on a web node (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let node: TestNode;
  let agent: ReturnType<typeof createAgentServer>;
  let pebble: PebbleProcess;
  let dnsServer: ChildProcess;
  let admin: Session;
  let pebbleDir: string;
  let now = Date.now();
  const clock = { now: () => now };
  const secret = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    node = await startTestNode();
    agent = createAgentServer({ secret, routes: agentRoutes(node.sites) });
    const agentUrl = `http://127.0.0.1:${await agent.listen('127.0.0.1', 0)}`;
    // The world's DNS: every name answers 127.0.0.1 (no IPv6), where the node's nginx listens.
    const dnsPort = await freePort();
    dnsServer = spawn(
      '/usr/bin/pebble-challtestsrv',
      [
        '-defaultIPv4',
        '127.0.0.1',
        '-defaultIPv6',
        '',
        '-dns01',
        `127.0.0.1:${dnsPort}`,
        '-http01',
        '',
        '-https01',
        '',
        '-tlsalpn01',
        '',
        '-management',
        `127.0.0.1:${await freePort()}`,
      ],
      { stdio: 'ignore' },
    );
    pebbleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-pebble-http-'));
    pebble = await startPebble({ dir: pebbleDir, dnsResolver: `127.0.0.1:${dnsPort}`, httpPort: node.port });

    ctx = await createTestApp(ADMIN_TEST_ENV, { clock });
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    expect((await call('PUT', '/api/admin/orders/settings', { requireApproval: false })).statusCode).toBe(200);
    const base = {
      location: 'frankfurt',
      specs: { cpuModel: 'Test CPU', cpuCores: 2, ramGb: 4, storageGb: 50, bandwidthGbps: 1 },
    };
    const web = await call('POST', '/api/admin/servers', {
      ...base,
      name: `e2e-web-${randomUUID().slice(0, 6)}`,
      type: 'shared',
      ip: '127.0.0.1',
      capacity: 50,
    });
    expect(web.statusCode, web.body).toBe(201);
    const webDriver = await call('PUT', `/api/admin/servers/${web.json().id}/driver`, {
      driverType: 'web-node',
      settings: { agentUrl },
      secrets: { sharedSecret: secret },
    });
    expect(webDriver.statusCode, webDriver.body).toBe(200);
    // The CA as addCertificateServers records it (Pebble's own HTTPS certificate is not a back-office setting).
    const caId = randomUUID();
    await db()
      .insertInto('servers')
      .values({
        id: caId,
        name: `e2e-ca-${caId.slice(0, 6)}`,
        location: 'london',
        type: 'dedicated',
        ip: `ca-${caId}.test`,
        status: 'active',
        cpuModel: 'Pebble',
        cpuCores: 1,
        ramGb: 1,
        storageGb: 1,
        bandwidthGbps: 1,
        capacity: 1,
        createdAt: now,
        updatedAt: now,
        driverType: 'acme',
        connectionStatus: 'ok',
        connectionCheckedAt: now,
        connectionError: null,
        connectionSettings: JSON.stringify({
          settings: { directoryUrl: pebble.directoryUrl, caCertificatePem: pebble.caCertificatePem },
          secrets: {},
        }),
      })
      .execute();
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    await agent?.close();
    await pebble?.stop();
    dnsServer?.kill('SIGTERM');
    await node?.cleanUp();
    if (pebbleDir) fs.rmSync(pebbleDir, { recursive: true, force: true });
  }, 120_000);

  const db = () => ctx.app.database.db;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    sendAs(ctx.app, method, url, admin, payload);
  const work = () => ctx.app.provisioning.runDue();

  it('issues by HTTP-01 through the site, serves HTTPS with it, the renewed serial, 503 when suspended, none once revoked', async () => {
    const customer = await signUpCustomer(ctx.app);
    const domain = `http01-${randomUUID().slice(0, 8)}.com`;
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
    // The customer keeps the domain's DNS elsewhere: DNS-01 through our PowerDNS is out, the site is ours.
    await db()
      .updateTable('domains')
      .set({ nameservers: JSON.stringify(['ns1.elsewhere.example', 'ns2.elsewhere.example']) })
      .where('name', '=', domain)
      .execute();
    const hosting = await db()
      .selectFrom('services')
      .selectAll()
      .where('userId', '=', customer.userId)
      .where('kind', '=', 'hosting')
      .executeTakeFirstOrThrow();

    await work();
    await work();
    const issued = await db()
      .selectFrom('certificates')
      .selectAll()
      .where('serviceId', '=', hosting.id)
      .executeTakeFirstOrThrow();
    expect(issued.status, issued.failureProblem ?? '').toBe('issued');
    const leaf = new X509Certificate(issued.certificatePem!);
    expect(leaf.subjectAltName).toContain(`DNS:${domain}`);
    expect(leaf.subjectAltName).toContain(`DNS:www.${domain}`);
    // The key authorizations were removed from the node once validated.
    expect(fs.readdirSync(path.join(node.root, 'challenges', hosting.id))).toEqual([]);

    // Installed through the queue: the site's certificate task after the ACME one, the site answers HTTPS with it.
    const tasks = await db()
      .selectFrom('provisioningTasks')
      .select(['driverType', 'operation', 'status'])
      .where('resourceId', '=', hosting.id)
      .orderBy('id')
      .execute();
    expect(tasks.map((t) => [t.driverType, t.operation, t.status])).toEqual([
      ['web-node', 'create', 'done'],
      ['acme', 'update', 'done'],
      ['web-node', 'update', 'done'],
    ]);
    const https = await getSiteTls(node.tlsPort, domain);
    expect(https.status).toBe(200);
    expect(https.serial).toBe(issued.serial);
    expect((await getSiteTls(node.tlsPort, `www.${domain}`)).serial).toBe(issued.serial);
    const keyFile = path.join(node.root, 'certificates', hosting.id, `${issued.serial}.key`);
    // Read by nginx's workers on each handshake (docs/decisions/071-one-nginx-server-block-for-all-sites.md).
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o640);
    expect(keyFile.startsWith(node.sites.read(hosting.id)!.home)).toBe(false);

    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/services/${hosting.id}/certificate`,
      headers: customer.headers,
    });
    expect(page.json().installed).toMatchObject({ domain, serial: issued.serial });

    // Renewal by the clock: a new serial, installed again; the site serves it.
    now = renewalTime(issued.notBefore!, issued.notAfter!) + 1;
    expect(await ctx.app.scheduler.runNow('certificate-renewal')).toMatchObject({ outcome: 'succeeded' });
    await work();
    await work();
    const renewed = await db()
      .selectFrom('certificates')
      .selectAll()
      .where('serviceId', '=', hosting.id)
      .executeTakeFirstOrThrow();
    expect(renewed.status, renewed.failureProblem ?? '').toBe('issued');
    expect(renewed.serial).not.toBe(issued.serial);
    expect((await getSiteTls(node.tlsPort, domain)).serial).toBe(renewed.serial);
    expect(renewed.installedSerial).toBe(renewed.serial);
    expect((await getSite(node.port, domain)).status).toBe(200);

    // Back to today's clock (the sessions were signed by it); the renewed certificate is valid from today.
    now = Date.now();

    // Suspended by staff: HTTPS answers the 503 page too, with the same certificate; activated: back.
    expect(
      (await call('POST', `/api/admin/services/${hosting.id}/suspend`, { reason: 'Abuse report' })).statusCode,
    ).toBe(200);
    await work();
    expect(await getSiteTls(node.tlsPort, domain)).toMatchObject({ status: 503, serial: renewed.serial });
    expect((await call('POST', `/api/admin/services/${hosting.id}/activate`)).statusCode).toBe(200);
    await work();
    expect((await getSiteTls(node.tlsPort, domain)).status).toBe(200);

    // Revoked once the customer cancels: the HTTPS block goes through the queue, HTTP stays.
    await db().updateTable('services').set({ cancelRequestedAt: now }).where('id', '=', hosting.id).execute();
    const revoke = await ctx.app.inject({
      method: 'POST',
      url: `/api/services/${hosting.id}/certificate/revoke`,
      headers: customer.headers,
    });
    expect(revoke.statusCode, revoke.body).toBe(202);
    await work();
    await work();
    await expect(getSiteTls(node.tlsPort, domain)).rejects.toThrow();
    expect(node.sites.read(hosting.id)!.certificate).toBeUndefined();
    const revoked = await ctx.app.inject({
      method: 'GET',
      url: `/api/services/${hosting.id}/certificate`,
      headers: customer.headers,
    });
    expect(revoked.json()).toMatchObject({ status: 'revoked', installed: null });
    expect((await getSite(node.port, domain)).status).toBe(200);
  }, 240_000);
  it('keeps the working HTTPS when nginx refuses a new certificate, and the install task says why', async () => {
    const customer = await signUpCustomer(ctx.app);
    const domain = `refused-${randomUUID().slice(0, 8)}.com`;
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
    await db()
      .updateTable('domains')
      .set({ nameservers: JSON.stringify(['ns1.elsewhere.example', 'ns2.elsewhere.example']) })
      .where('name', '=', domain)
      .execute();
    const hosting = await db()
      .selectFrom('services')
      .selectAll()
      .where('userId', '=', customer.userId)
      .where('kind', '=', 'hosting')
      .executeTakeFirstOrThrow();
    await work();
    await work();
    const working = await db()
      .selectFrom('certificates')
      .selectAll()
      .where('serviceId', '=', hosting.id)
      .executeTakeFirstOrThrow();
    expect([working.status, working.installedSerial], working.failureProblem ?? '').toEqual(['issued', working.serial]);
    expect((await getSiteTls(node.tlsPort, domain)).serial).toBe(working.serial);
    const siteFile = path.join(node.root, 'nginx', 'sites', `${hosting.id}.map`);
    const workingConfig = fs.readFileSync(siteFile, 'utf8');

    // A certificate for the site that the agent's checks accept (PEM only, the key is its own, it names the
    // domain) but nginx cannot load: an RSA 1024 key, below the system OpenSSL's security level, so `nginx -t`
    // fails on the check of the new certificate (nginx.ts). Recorded as the certificate's new one, as a renewal would, and installed
    // through the queue.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-weak-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:1024',
          '-nodes',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
          '-days',
          '30',
          '-subj',
          `/CN=${domain}`,
          '-addext',
          `subjectAltName=DNS:${domain},DNS:www.${domain}`,
        ],
        { stdio: 'ignore' },
      );
      const certificatePem = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
      const weak = describeCertificate(certificatePem);
      await db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('certificates')
            .set({
              certificatePem,
              chainPem: '',
              privateKeySealed: createSecretBox(ctx.config.jwt.secret).seal(
                fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
                `certificate-key:${working.id}`,
              ),
              serial: weak.serial,
              notBefore: weak.notBefore,
              notAfter: weak.notAfter,
            })
            .where('id', '=', working.id)
            .execute();
          await queueSiteInstalls(trx, domain, now);
        });
      await work();

      // The install task failed with nginx's own words and is not retried (the same files would fail again).
      const install = await db()
        .selectFrom('provisioningTasks')
        .selectAll()
        .where('resourceId', '=', hosting.id)
        .where('driverType', '=', 'web-node')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect([install.operation, install.status, install.errorCode]).toEqual(['update', 'failed', 'invalid']);
      expect(install.errorMessage).toMatch(/nginx refused the configuration of .*; the previous one is kept/);
      expect(install.errorMessage).toMatch(/ee key too small/);

      // The previous, working certificate still answers; its map entries and files are as they were, the new ones gone.
      expect(await getSiteTls(node.tlsPort, domain)).toMatchObject({ status: 200, serial: working.serial });
      expect(fs.readFileSync(siteFile, 'utf8')).toBe(workingConfig);
      expect(node.sites.read(hosting.id)!.certificate?.serial).toBe(working.serial);
      expect(fs.readdirSync(path.join(node.root, 'certificates', hosting.id)).sort()).toEqual([
        `${working.serial}.crt`,
        `${working.serial}.key`,
      ]);
      const after = await db()
        .selectFrom('certificates')
        .selectAll()
        .where('id', '=', working.id)
        .executeTakeFirstOrThrow();
      expect(after.installedSerial).toBe(working.serial);
      expect((await getSite(node.port, domain)).status).toBe(200);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
