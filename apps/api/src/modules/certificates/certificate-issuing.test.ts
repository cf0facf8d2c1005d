import { createPrivateKey, randomUUID, X509Certificate } from 'node:crypto';
import { ADMIN_ROLE, SUPPORT_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, staffSession } from '../../test/admin';
import { PASSWORD, type Session } from '../../test/auth';
import {
  addCertificateServers,
  startTestCertificateAuthority,
  type TestCertificateAuthority,
} from '../../test/certificates';
import { addDomain, credit, type Customer, signUpCustomer, withKey } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { createSecretBox } from '../../lib/secret-box';
import { renewalTime, enqueueProvisioning } from '../provisioning';
import { createCertificatesRepository } from './certificates.repository';

/**
 * Certificates issued for real through the provisioning engine (docs/decisions/049-certificates-through-acme.md):
 * orders write the certificate and its task in one transaction; the engine runs the certificate driver against a
 * real Pebble validating DNS-01 on a real PowerDNS; the scheduler renews by the app's clock; failures keep the
 * reason and the CA's problem and are retried by the queue.
 */
describe(`certificates through the engine (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let ca: TestCertificateAuthority;
  let admin: Session;
  let now = Date.now();
  const clock = { now: () => now };

  beforeAll(async () => {
    ca = await startTestCertificateAuthority();
    ctx = await createTestApp(ADMIN_TEST_ENV, { clock });
    await addCertificateServers(ctx.app, ctx.config.jwt.secret, ca);
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    const approval = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/orders/settings',
      headers: { authorization: `Bearer ${admin.access_token}` },
      payload: { requireApproval: false },
    });
    expect(approval.statusCode).toBe(200);
    await ctx.app.database.db
      .insertInto('servers')
      .values({
        id: randomUUID(),
        name: 'web-cert-test',
        location: 'frankfurt',
        type: 'shared',
        ip: '192.0.2.90',
        status: 'active',
        cpuModel: 'Test CPU',
        cpuCores: 4,
        ramGb: 8,
        storageGb: 100,
        bandwidthGbps: 1,
        capacity: 100,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await ca?.dispose();
  });

  const db = () => ctx.app.database.db;
  const get = (customer: Customer, url: string) => ctx.app.inject({ method: 'GET', url, headers: customer.headers });
  const post = (customer: Customer, url: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: customer.headers, ...(payload ? { payload } : {}) });
  const certificateOf = (serviceId: string) =>
    db().selectFrom('certificates').selectAll().where('serviceId', '=', serviceId).executeTakeFirstOrThrow();
  const service = (id: string) =>
    db().selectFrom('services').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const tasksOf = (serviceId: string) =>
    db().selectFrom('provisioningTasks').selectAll().where('resourceId', '=', serviceId).orderBy('id').execute();
  /** Runs the workers until nothing is due at the clock's time. */
  const work = () => ctx.app.provisioning.runDue();

  /** A customer's domain, registered with us and published on our PowerDNS by the engine. */
  async function hostedDomain(customer: Customer): Promise<{ id: string; name: string }> {
    const name = `cert-${randomUUID().slice(0, 8)}.com`;
    const id = await addDomain(ctx.app, customer.userId, { name, expiresAt: now + 400 * 86_400_000 });
    await db()
      .transaction()
      .execute((trx) => enqueueProvisioning(trx, { resourceType: 'domain', resourceId: id, operation: 'create', now }));
    await work();
    return { id, name };
  }

  /** Orders and pays the lines from the balance; answers the services the order made. */
  async function order(customer: Customer, lines: object[], totalCents: number) {
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: withKey(customer),
      payload: { lines, expectedTotal: totalCents },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    await credit(ctx.app, customer.userId, totalCents);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.json<{ id: string }>().id}/pay`,
      headers: withKey(customer),
      payload: { method: 'balance' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return db().selectFrom('services').selectAll().where('userId', '=', customer.userId).orderBy('createdAt').execute();
  }

  async function pemOf(customer: Customer, serviceId: string, serial?: string) {
    const response = await get(
      customer,
      `/api/services/${serviceId}/certificate.pem${serial ? `?serial=${serial}` : ''}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const blocks = response.body.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!;
    return { leaf: new X509Certificate(blocks[0]!), chain: blocks.slice(1).map((b) => new X509Certificate(b)) };
  }

  it('issues the SSL extra of an ordered domain: ECDSA P-256, the domain and www, signed by Pebble', async () => {
    const customer = await signUpCustomer(ctx.app);
    const domain = await hostedDomain(customer);
    const [service] = await order(customer, [{ kind: 'extra', planId: 'ssl', months: 12, domain: domain.name }], 2999);

    // The order wrote the service, its certificate and the task together; nothing has reached the CA yet.
    expect([service!.status, service!.setupState]).toEqual(['pending', 'provisioning']);
    expect((await certificateOf(service!.id)).status).toBe('ordered');
    expect((await tasksOf(service!.id)).map((t) => [t.driverType, t.operation, t.status])).toEqual([
      ['acme', 'create', 'pending'],
    ]);

    await work();
    const row = await certificateOf(service!.id);
    expect(row.status, row.failureProblem ?? '').toBe('issued');
    expect((await tasksOf(service!.id)).map((t) => t.status)).toEqual(['done']);
    const active = await db()
      .selectFrom('services')
      .selectAll()
      .where('id', '=', service!.id)
      .executeTakeFirstOrThrow();
    expect([active.status, active.setupState]).toEqual(['active', null]);

    const { leaf, chain } = await pemOf(customer, service!.id);
    expect(leaf.subjectAltName?.split(', ').sort()).toEqual([`DNS:${domain.name}`, `DNS:www.${domain.name}`]);
    const intermediate = new X509Certificate(await ca.pebble.intermediatePem());
    expect(chain[0]!.fingerprint256).toBe(intermediate.fingerprint256);
    expect(leaf.checkIssued(intermediate)).toBe(true);
    expect(leaf.verify(intermediate.publicKey)).toBe(true);
    expect(Date.parse(leaf.validFrom)).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(Date.parse(leaf.validTo)).toBeGreaterThan(Date.now() + 30 * 86_400_000);
    expect(leaf.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(leaf.serialNumber.toLowerCase()).toBe(row.serial);

    const shown = await get(customer, `/api/services/${service!.id}/certificate`);
    expect(shown.json()).toMatchObject({ status: 'issued', issuer: expect.stringMatching(/^Pebble Intermediate CA/) });

    // The private key: sealed at rest, handed to the owner only with the password.
    expect(row.privateKeySealed).not.toContain('PRIVATE KEY');
    const wrong = await post(customer, `/api/services/${service!.id}/certificate/key`, {
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.password.code).toBe('validation.currentPasswordWrong');
    const key = await post(customer, `/api/services/${service!.id}/certificate/key`, { password: PASSWORD });
    expect(key.statusCode).toBe(200);
    expect(leaf.checkPrivateKey(createPrivateKey(key.body))).toBe(true);
    const stranger = await signUpCustomer(ctx.app);
    expect(
      (await post(stranger, `/api/services/${service!.id}/certificate/key`, { password: PASSWORD })).statusCode,
    ).toBe(404);
  }, 90_000);

  it('issues free SSL with a hosting order, RSA 2048 on request, and refuses wildcards and foreign names', async () => {
    const customer = await signUpCustomer(ctx.app);
    const domain = await hostedDomain(customer);
    const [hosting] = await order(
      customer,
      [{ kind: 'hosting', planId: 'starter', months: 1, location: 'frankfurt', domain: domain.name }],
      299,
    );
    // The site is a web node's task (provisioning/web-node.test.ts); none exists here, so it waits, and the
    // certificate, a queue of its own, does not wait for it. Staff then mark the site done by hand.
    expect(hosting!.status).toBe('pending');
    const tasks = await tasksOf(hosting!.id);
    expect(tasks.map((t) => [t.driverType, t.operation])).toEqual([
      ['web-node', 'create'],
      ['acme', 'update'],
    ]);
    await work();
    const done = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/provisioning/${tasks[0]!.id}/complete`,
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    expect(done.statusCode, done.body).toBe(204);
    expect((await service(hosting!.id)).status).toBe('active');
    const first = await certificateOf(hosting!.id);
    expect(first.status).toBe('issued');

    const reissue = (payload: object) => post(customer, `/api/services/${hosting!.id}/certificate/reissue`, payload);
    const wildcard = await reissue({ names: [`*.${domain.name}`, domain.name] });
    expect(wildcard.statusCode).toBe(400);
    expect(wildcard.json().error.fields.names.code).toBe('validation.certificateWildcard');
    const foreign = await reissue({ names: ['example.org'] });
    expect(foreign.json().error.fields.names.code).toBe('validation.certificateName');
    // Nothing half-done: no new task, the certificate as it was. The issued certificate queued its install on the
    // site, which was still being made when it was issued (site-certificates.ts queueSiteInstalls).
    const after = await tasksOf(hosting!.id);
    expect(after.map((t) => [t.driverType, t.operation])).toEqual([
      ['web-node', 'create'],
      ['acme', 'update'],
      ['web-node', 'update'],
    ]);
    expect((await certificateOf(hosting!.id)).status).toBe('issued');

    const rsa = await reissue({ keyType: 'rsa-2048' });
    expect(rsa.statusCode, rsa.body).toBe(202);
    expect(rsa.json()).toMatchObject({ status: 'renewing', keyType: 'rsa-2048' });
    await work();
    const second = await certificateOf(hosting!.id);
    expect([second.status, second.keyType]).toEqual(['issued', 'rsa-2048']);
    expect(second.serial).not.toBe(first.serial);
    const { leaf } = await pemOf(customer, hosting!.id);
    expect(leaf.publicKey.asymmetricKeyType).toBe('rsa');
    expect(leaf.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    // The replaced one is still downloadable while valid.
    expect((await pemOf(customer, hosting!.id, first.serial!)).leaf.serialNumber.toLowerCase()).toBe(first.serial);
  }, 90_000);

  it('issues both certificates of one domain ordered at once (the SSL extra and free SSL), each on its first try', async () => {
    const customer = await signUpCustomer(ctx.app);
    const domain = await hostedDomain(customer);
    // One order, as the demo's: both certificates' tasks are due together and the workers run them side by side,
    // each publishing its DNS-01 value in the same `_acme-challenge` rrsets of the zone.
    const services = await order(
      customer,
      [
        { kind: 'extra', planId: 'ssl', months: 12, domain: domain.name },
        { kind: 'hosting', planId: 'starter', months: 1, location: 'frankfurt', domain: domain.name },
      ],
      2999 + 299,
    );
    const ssl = services.find((s) => s.kind === 'extra')!;
    const hosting = services.find((s) => s.kind === 'hosting')!;
    await work();

    const extra = await certificateOf(ssl.id);
    const free = await certificateOf(hosting.id);
    expect([extra.status, extra.failureCode], extra.failureProblem ?? '').toEqual(['issued', null]);
    expect([free.status, free.failureCode], free.failureProblem ?? '').toEqual(['issued', null]);
    expect(extra.serial).not.toBe(free.serial);
    const acmeTasks = [...(await tasksOf(ssl.id)), ...(await tasksOf(hosting.id))].filter(
      (t) => t.driverType === 'acme',
    );
    expect(acmeTasks.map((t) => [t.status, t.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
    for (const id of [ssl.id, hosting.id]) {
      const { leaf } = await pemOf(customer, id);
      expect(leaf.subjectAltName?.split(', ').sort()).toEqual([`DNS:${domain.name}`, `DNS:www.${domain.name}`]);
    }

    // Each task removed only its own values: once both are done no challenge record is left, and no zone lock.
    const zone = await fetch(`${ca.pdns.apiUrl}/api/v1/servers/localhost/zones/${domain.name}.`, {
      headers: { 'X-API-Key': ca.pdns.apiKey },
    }).then((response) => response.json() as Promise<{ rrsets: { name: string; type: string }[] }>);
    expect(zone.rrsets.filter((set) => set.name.startsWith('_acme-challenge.'))).toEqual([]);
    expect(await db().selectFrom('dnsChallengeLocks').selectAll().execute()).toEqual([]);
  }, 120_000);

  it('issues a wildcard on the SSL plan, and refuses a domain moved to other name servers', async () => {
    const customer = await signUpCustomer(ctx.app);
    const domain = await hostedDomain(customer);
    const [ssl] = await order(customer, [{ kind: 'extra', planId: 'ssl', months: 12, domain: domain.name }], 2999);
    await work();
    const wildcard = await post(customer, `/api/services/${ssl!.id}/certificate/reissue`, {
      names: [domain.name, `*.${domain.name}`],
    });
    expect(wildcard.statusCode, wildcard.body).toBe(202);
    await work();
    expect((await pemOf(customer, ssl!.id)).leaf.subjectAltName?.split(', ').sort()).toEqual([
      `DNS:*.${domain.name}`,
      `DNS:${domain.name}`,
    ]);

    await db()
      .updateTable('domains')
      .set({ nameservers: JSON.stringify(['ns1.elsewhere.example', 'ns2.elsewhere.example']) })
      .where('id', '=', domain.id)
      .execute();
    const moved = await post(customer, `/api/services/${ssl!.id}/certificate/reissue`, {});
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields.names).toMatchObject({
      code: 'validation.certificateNameservers',
      message: expect.stringContaining('ns1.hostpilot.example'),
    });
  }, 90_000);

  it('renews by the clock with a new serial; the old one stays downloadable until it expires', async () => {
    const customer = await signUpCustomer(ctx.app);
    const domain = await hostedDomain(customer);
    const [ssl] = await order(customer, [{ kind: 'extra', planId: 'ssl', months: 12, domain: domain.name }], 2999);
    await work();
    const first = await certificateOf(ssl!.id);
    const started = now;
    try {
      now = renewalTime(first.notBefore!, first.notAfter!) - 1;
      // (Certificates of the tests before, issued a little earlier, may come due first.)
      await ctx.app.scheduler.runNow('certificate-renewal');
      expect((await certificateOf(ssl!.id)).status).toBe('issued');
      now += 1;
      expect(await ctx.app.scheduler.runNow('certificate-renewal')).toMatchObject({ outcome: 'succeeded' });
      expect((await certificateOf(ssl!.id)).status).toBe('renewing');
      expect((await tasksOf(ssl!.id)).at(-1)).toMatchObject({ driverType: 'acme', operation: 'update' });
      await work();
      const renewed = await certificateOf(ssl!.id);
      expect(renewed.status).toBe('issued');
      expect(renewed.serial).not.toBe(first.serial);
    } finally {
      now = started;
    }
    expect((await pemOf(customer, ssl!.id, first.serial!)).leaf.serialNumber.toLowerCase()).toBe(first.serial);
    const shown = (await get(customer, `/api/services/${ssl!.id}/certificate`)).json();
    expect(shown.previous.map((p: { serial: string }) => p.serial)).toEqual([first.serial]);
    // Until it expires (a session would have expired too by then: the repository answers for that moment).
    const certificates = createCertificatesRepository(db(), createSecretBox(ctx.config.jwt.secret));
    expect(await certificates.download(ssl!.id, first.serial!, first.notAfter! - 1)).toBeDefined();
    expect(await certificates.download(ssl!.id, first.serial!, first.notAfter!)).toBeUndefined();
  }, 90_000);

  it('keeps the reason and the CA problem of a failed challenge and retries until it passes', async () => {
    const customer = await signUpCustomer(ctx.app);
    const domain = await hostedDomain(customer);
    // www is delegated to other name servers: the challenge record we publish is not what the CA reads there.
    const ns = randomUUID();
    await db()
      .insertInto('dnsRecords')
      .values({
        id: ns,
        domainId: domain.id,
        type: 'NS',
        name: 'www',
        value: 'ns1.elsewhere.example',
        ttl: 300,
        priority: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db()
      .transaction()
      .execute((trx) =>
        enqueueProvisioning(trx, { resourceType: 'domain', resourceId: domain.id, operation: 'update', now }),
      );
    await work();
    const [ssl] = await order(customer, [{ kind: 'extra', planId: 'ssl', months: 12, domain: domain.name }], 2999);
    await work();
    const failed = await certificateOf(ssl!.id);
    expect([failed.status, failed.failureCode]).toEqual(['failed', 'not-pointed']);
    expect(JSON.parse(failed.failureProblem!)).toMatchObject({
      type: expect.stringMatching(/^urn:ietf:params:acme:error:/),
    });
    expect((await get(customer, `/api/services/${ssl!.id}/certificate`)).json()).toMatchObject({
      status: 'failed',
      failureCode: 'not-pointed',
    });
    const [task] = await tasksOf(ssl!.id);
    expect([task!.status, task!.errorCode, task!.attempts]).toEqual(['pending', 'not-pointed', 1]);

    // The customer removes the delegation; the queue's next try passes.
    await db().deleteFrom('dnsRecords').where('id', '=', ns).execute();
    await db()
      .transaction()
      .execute((trx) =>
        enqueueProvisioning(trx, { resourceType: 'domain', resourceId: domain.id, operation: 'update', now }),
      );
    await work();
    const started = now;
    try {
      now = task!.nextAttemptAt;
      await work();
    } finally {
      now = started;
    }
    const issued = await certificateOf(ssl!.id);
    expect([issued.status, issued.failureCode]).toEqual(['issued', null]);
    expect((await tasksOf(ssl!.id)).map((t) => [t.status, t.attempts])).toEqual([['done', 2]]);
  }, 90_000);

  it('retries while the CA is down and finishes once it is back', async () => {
    const customer = await signUpCustomer(ctx.app);
    const domain = await hostedDomain(customer);
    const [ssl] = await order(customer, [{ kind: 'extra', planId: 'ssl', months: 12, domain: domain.name }], 2999);
    await ca.stopPebble();
    const started = now;
    try {
      await work();
      const down = await certificateOf(ssl!.id);
      expect([down.status, down.failureCode]).toEqual(['failed', 'ca-unreachable']);
      const [task] = await tasksOf(ssl!.id);
      expect([task!.status, task!.errorCode]).toEqual(['pending', 'ca-unreachable']);
      now = task!.nextAttemptAt;
      await work();
      expect((await certificateOf(ssl!.id)).failureCode).toBe('ca-unreachable');
      // Back on the same address, having forgotten every account and order (a restarted test CA).
      await ca.restartPebble();
      now = (await tasksOf(ssl!.id))[0]!.nextAttemptAt;
      await work();
    } finally {
      now = started;
    }
    expect((await certificateOf(ssl!.id)).status).toBe('issued');
    expect((await tasksOf(ssl!.id)).map((t) => [t.status, t.attempts])).toEqual([['done', 3]]);
  }, 90_000);

  it('revokes on request once the service is cancelled; a revoked certificate is not handed out', async () => {
    const customer = await signUpCustomer(ctx.app);
    const domain = await hostedDomain(customer);
    const [ssl] = await order(customer, [{ kind: 'extra', planId: 'ssl', months: 12, domain: domain.name }], 2999);
    await work();
    const early = await post(customer, `/api/services/${ssl!.id}/certificate/revoke`);
    expect(early.statusCode).toBe(409);
    await db().updateTable('services').set({ cancelRequestedAt: now }).where('id', '=', ssl!.id).execute();
    expect((await post(customer, `/api/services/${ssl!.id}/certificate/revoke`)).statusCode).toBe(202);
    await work();
    expect((await certificateOf(ssl!.id)).status).toBe('revoked');
    const pem = await get(customer, `/api/services/${ssl!.id}/certificate.pem`);
    expect(pem.statusCode).toBe(410);
    expect(pem.json().error.code).toBe('CERTIFICATE_REVOKED');
    const key = await post(customer, `/api/services/${ssl!.id}/certificate/key`, { password: PASSWORD });
    expect(key.json().error.code).toBe('CERTIFICATE_REVOKED');
    const again = await post(customer, `/api/services/${ssl!.id}/certificate/reissue`, {});
    expect(again.statusCode).toBe(409);
  }, 90_000);

  it('refuses an SSL order for a name we do not host, writing nothing', async () => {
    const customer = await signUpCustomer(ctx.app);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...withKey(customer), 'accept-language': 'ru' },
      payload: {
        lines: [{ kind: 'extra', planId: 'ssl', months: 12, domain: 'not-ours-at-all.com' }],
        expectedTotal: 2999,
      },
    });
    expect(placed.statusCode).toBe(400);
    expect(JSON.stringify(placed.json())).toContain('validation.orderDomainNotOwned');
    expect(await db().selectFrom('services').select('id').where('userId', '=', customer.userId).execute()).toEqual([]);
  });

  it('lists certificates for staff with the CA problem and the expiring ones; Retry is audited', async () => {
    const support = await staffSession(ctx.app, SUPPORT_ROLE);
    const as = (session: Session) => ({ authorization: `Bearer ${session.access_token}` });
    const customer = await signUpCustomer(ctx.app);
    const domain = await hostedDomain(customer);
    const ns = randomUUID();
    await db()
      .insertInto('dnsRecords')
      .values({
        id: ns,
        domainId: domain.id,
        type: 'NS',
        name: 'www',
        value: 'ns1.elsewhere.example',
        ttl: 300,
        priority: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const publish = () =>
      db()
        .transaction()
        .execute((trx) =>
          enqueueProvisioning(trx, { resourceType: 'domain', resourceId: domain.id, operation: 'update', now }),
        );
    await publish();
    await work();
    const [ssl] = await order(customer, [{ kind: 'extra', planId: 'ssl', months: 12, domain: domain.name }], 2999);
    await work();
    const certificate = await certificateOf(ssl!.id);
    expect(certificate.status).toBe('failed');

    const list = (session: Session, query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/admin/certificates?${query}`, headers: as(session) });
    const failed = await list(support, `view=failed&q=${domain.name}`);
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({
      total: 1,
      counts: { all: 1, failed: 1 },
      items: [
        {
          id: certificate.id,
          domain: domain.name,
          status: 'failed',
          failureCode: 'not-pointed',
          owner: { email: expect.stringContaining('@') },
          problem: { type: expect.stringMatching(/^urn:ietf:params:acme:error:/) },
        },
      ],
    });
    const customerList = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/certificates',
      headers: customer.headers,
    });
    expect(customerList.statusCode).toBe(403);
    const retry = (session: Session) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/certificates/${certificate.id}/retry`, headers: as(session) });
    expect((await retry(support)).statusCode).toBe(403);

    // The delegation is gone; Retry gives the task fresh tries at once, and it is issued.
    await db().deleteFrom('dnsRecords').where('id', '=', ns).execute();
    await publish();
    await work();
    expect((await retry(admin)).statusCode).toBe(204);
    const [task] = await tasksOf(ssl!.id);
    expect([task!.status, task!.attempts]).toEqual(['pending', 0]);
    const audit = await db()
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'certificate.retry')
      .where('entityId', '=', certificate.id)
      .execute();
    expect(audit).toHaveLength(1);
    await work();
    expect((await certificateOf(ssl!.id)).status).toBe('issued');
    expect((await retry(admin)).statusCode).toBe(204);
    expect((await retry(admin)).statusCode).toBe(409);
    await work();

    // Ending within 14 days and not renewing: on the warning list.
    const issued = await certificateOf(ssl!.id);
    expect(issued.status).toBe('issued');
    await db()
      .updateTable('certificates')
      .set({ notAfter: now + 5 * 86_400_000 })
      .where('id', '=', issued.id)
      .execute();
    const expiring = (await list(admin, `view=expiring&q=${domain.name}`)).json();
    expect(expiring.items.map((c: { id: string; daysLeft: number }) => [c.id, c.daysLeft])).toEqual([[issued.id, 5]]);
    await db().updateTable('certificates').set({ status: 'renewing' }).where('id', '=', issued.id).execute();
    expect((await list(admin, `view=expiring&q=${domain.name}`)).json().total).toBe(0);
    expect((await list(admin, 'view=soon')).statusCode).toBe(400);
  }, 90_000);
});
