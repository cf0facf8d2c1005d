import { ADMIN_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, staffSession } from '../../test/admin';
import { callAs, newAccount, register, type Session } from '../../test/auth';
import { addDnsServer, tasksOf as tasksOfResource } from '../../test/drivers';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { dig, dsFromDnskey, resolve, startTestPowerDns, type TestPowerDns } from '../../test/powerdns';
import { createLocalRegistrar } from '../domains/provisioning.port';
import { credit, signUpCustomer, withKey } from '../../test/customer';

/**
 * The engine with its first real driver (docs/decisions/042-provisioning-engine.md): a real PowerDNS started for
 * this file (docs/decisions/046-dns-on-powerdns.md). A domain's zone is published only once a DNS server is
 * added (nothing lost before), answers SOA, NS and the hosting server's address, and every dashboard edit
 * changes the answer, several queued edits going out in one call.
 */
describe(`DNS published through the provisioning engine (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let pdns: TestPowerDns;
  let admin: Session;

  beforeAll(async () => {
    pdns = await startTestPowerDns();
    ctx = await createTestApp(ADMIN_TEST_ENV);
    admin = await staffSession(ctx.app, ADMIN_ROLE);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await pdns?.dispose();
  });

  const db = () => ctx.app.database.db;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session: Session, payload?: unknown) =>
    callAs(ctx.app, method, url, session, payload);
  const tasksOf = (id: string) => tasksOfResource(ctx.app, id);
  const setupOf = async (id: string) =>
    (await db().selectFrom('domains').select('setupState').where('id', '=', id).executeTakeFirstOrThrow()).setupState;

  it('publishes a domain with hosting once a DNS server is added, then each edit', async () => {
    const name = `engine-${Date.now().toString(36)}.com`;
    const { account, session: owner } = await register(ctx.app, newAccount());
    const added = await call('POST', '/api/admin/domains', admin, { ownerEmail: account.email, name, years: 1 });
    expect(added.statusCode, added.body).toBe(201);
    const domainId = added.json<{ id: string }>().id;

    // The hosting server the domain points at, and its hosting service.
    const web = await call('POST', '/api/admin/servers', admin, {
      name: 'web-dns-test',
      location: 'london',
      type: 'shared',
      ip: '192.0.2.80',
      capacity: 10,
      specs: { cpuModel: 'Test CPU', cpuCores: 2, ramGb: 4, storageGb: 50, bandwidthGbps: 1 },
    });
    expect(web.statusCode, web.body).toBe(201);
    const hosting = await call('POST', '/api/admin/services', admin, {
      ownerEmail: account.email,
      planId: 'starter',
      months: 1,
      domain: name,
      serverId: web.json<{ id: string }>().id,
    });
    expect(hosting.statusCode, hosting.body).toBe(201);

    // No DNS server yet: the zone waits, and so does an edit made meanwhile — both kept.
    await ctx.app.provisioning.runDue();
    const www = await call('POST', `/api/domains/${domainId}/dns-records`, owner, {
      type: 'A',
      name: 'www',
      value: '192.0.2.81',
      ttl: 3600,
    });
    expect(www.statusCode, www.body).toBe(201);
    expect((await tasksOf(domainId)).map((t) => [t.operation, t.status, t.waitReason])).toEqual([
      ['create', 'pending', 'no-server'],
      ['update', 'pending', null],
    ]);
    expect(await setupOf(domainId)).toBe('provisioning');
    // PowerDNS holds no zone for it yet: it refuses the question.
    await expect(resolve(pdns.dnsPort, name, 'SOA')).rejects.toMatchObject({ code: 'EREFUSED' });

    // The DNS server is added with a driver: its key is sealed, the tasks wake and publish.
    const dnsId = await addDnsServer(ctx.app, admin, pdns, {
      name: 'dns-test',
      nameservers: 'ns1.engine.test, ns2.engine.test',
    });
    const tested = await call('POST', `/api/admin/servers/${dnsId}/test-connection`, admin);
    expect(tested.json().connection).toMatchObject({ status: 'ok' });

    await ctx.app.provisioning.runDue();
    expect((await tasksOf(domainId)).map((t) => t.status)).toEqual(['done', 'done']);
    expect(await setupOf(domainId)).toBeNull();
    expect((await resolve(pdns.dnsPort, name, 'NS')).sort()).toEqual(['ns1.engine.test', 'ns2.engine.test']);
    expect(await resolve(pdns.dnsPort, name, 'SOA')).toMatchObject({ nsname: 'ns1.engine.test' });
    expect(await resolve(pdns.dnsPort, name, 'A')).toEqual(['192.0.2.80']);
    expect(await resolve(pdns.dnsPort, `www.${name}`, 'A')).toEqual(['192.0.2.81']);
    const notices = await db().selectFrom('notifications').select('key').where('userId', '=', owner.user.id).execute();
    expect(notices.map((n) => n.key)).toContain('domainReady');

    // DNSSEC: the zone's answers are signed, and the DS record the registrar was handed — shown on the domain
    // page and to staff — is the one computed from the DNSKEY the zone answers.
    expect((await dig(pdns.dnsPort, `www.${name}`, 'A', true)).some((line) => /^A 13 /.test(line))).toBe(true);
    const ds = await dsFromDnskey(pdns.dnsPort, name);
    expect(ds).toHaveLength(1);
    const page = await call('GET', `/api/domains/${domainId}`, owner);
    expect(page.json<{ dsRecords: unknown }>().dsRecords).toEqual(ds);
    const staffView = await call('GET', `/api/admin/domains/${domainId}/dns-records`, admin);
    expect(staffView.json<{ dsRecords: unknown }>().dsRecords).toEqual(ds);
    expect(await createLocalRegistrar(db()).dsRecords(name)).toEqual(ds);

    // Three edits queued before the worker runs go out as one task: added, changed, deleted.
    const mail = await call('POST', `/api/domains/${domainId}/dns-records`, owner, {
      type: 'TXT',
      name: '@',
      value: 'v=spf1 -all',
      ttl: 300,
    });
    expect(mail.statusCode, mail.body).toBe(201);
    const changed = await call('PUT', `/api/domains/${domainId}/dns-records/${www.json<{ id: string }>().id}`, owner, {
      type: 'A',
      name: 'www',
      value: '192.0.2.99',
      ttl: 3600,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const removed = await call(
      'DELETE',
      `/api/domains/${domainId}/dns-records/${mail.json<{ id: string }>().id}`,
      owner,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    const queued = (await tasksOf(domainId)).filter((t) => t.status === 'pending');
    expect(queued.map((t) => t.operation)).toEqual(['update']);
    await ctx.app.provisioning.runDue();
    expect(await resolve(pdns.dnsPort, `www.${name}`, 'A')).toEqual(['192.0.2.99']);
    expect(await resolve(pdns.dnsPort, name, 'TXT')).toEqual([]);
    const published = await db()
      .selectFrom('provisioningCalls')
      .select(['operation', 'outcome', 'message'])
      .where(
        'taskId',
        'in',
        (await tasksOf(domainId)).map((t) => t.id),
      )
      .execute();
    expect(published.every((c) => c.outcome === 'ok')).toBe(true);
    expect(published).toHaveLength(3);
    // The keys did not change with the edits: the DS the registry holds stays.
    expect((await call('GET', `/api/domains/${domainId}`, owner)).json<{ dsRecords: unknown }>().dsRecords).toEqual(ds);
  });

  // On the DNS server the test above added (the tests of this file run in order).
  it('stops answering a domain past its grace period, answers again once renewed, and deletes the zone with it', async () => {
    const customer = await signUpCustomer(ctx.app);
    const email = (
      await db().selectFrom('users').select('email').where('id', '=', customer.userId).executeTakeFirstOrThrow()
    ).email;
    const name = `lapse-${Date.now().toString(36)}.com`;
    const added = await call('POST', '/api/admin/domains', admin, { ownerEmail: email, name, years: 1 });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ id: string }>().id;
    const record = await ctx.app.inject({
      method: 'POST',
      url: `/api/domains/${id}/dns-records`,
      headers: customer.headers,
      payload: { type: 'A', name: 'www', value: '192.0.2.77', ttl: 300 },
    });
    expect(record.statusCode, record.body).toBe(201);
    await ctx.app.provisioning.runDue();
    expect(await resolve(pdns.dnsPort, `www.${name}`, 'A')).toEqual(['192.0.2.77']);

    // Past its grace period: the expiry job marks it expired and the zone keeps only its SOA and NS.
    await db()
      .updateTable('domains')
      .set({ status: 'graceperiod', expiresAt: Date.now() - 365 * 86_400_000 })
      .where('id', '=', id)
      .execute();
    expect(await ctx.app.scheduler.runNow('domain-expiry')).toMatchObject({ claimed: true, outcome: 'succeeded' });
    expect(
      (await db().selectFrom('domains').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    ).toBe('expired');
    await ctx.app.provisioning.runDue();
    expect(await resolve(pdns.dnsPort, `www.${name}`, 'A')).toEqual([]);
    expect(await resolve(pdns.dnsPort, name, 'SOA')).toMatchObject({ nsname: 'ns1.engine.test' });

    // Renewed from the balance: the zone answers again, with its keys (the DS the registry holds) unchanged.
    const before = await createLocalRegistrar(db()).dsRecords(name);
    await credit(ctx.app, customer.userId, 1_000_000);
    const renewed = await ctx.app.inject({
      method: 'POST',
      url: `/api/domains/${id}/renew`,
      headers: withKey(customer),
      payload: { years: 1 },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    await ctx.app.provisioning.runDue();
    expect(await resolve(pdns.dnsPort, `www.${name}`, 'A')).toEqual(['192.0.2.77']);
    expect(await createLocalRegistrar(db()).dsRecords(name)).toEqual(before);

    // Deleted by staff: the zone is gone, and PowerDNS refuses the question.
    const removed = await call('DELETE', `/api/admin/domains/${id}`, admin, { confirm: name });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await ctx.app.provisioning.runDue();
    expect((await tasksOf(id)).at(-1)).toMatchObject({ operation: 'terminate', status: 'done' });
    await expect(resolve(pdns.dnsPort, name, 'SOA')).rejects.toMatchObject({ code: 'EREFUSED' });
  });
});
