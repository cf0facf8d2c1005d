import { ADMIN_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { ADMIN_TEST_ENV, staffSession } from '../../test/admin';
import { callAs, registerVerified, type Session } from '../../test/auth';
import { addDnsServer, tasksOf as tasksOfResource } from '../../test/drivers';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { resolve, startTestPowerDns, type TestPowerDns } from '../../test/powerdns';
import type { Clock } from '../../lib/clock';
import { createSecretBox } from '../../lib/secret-box';
import { createProvisioningEngine } from './engine';

/**
 * Faults of the provisioning engine (docs/decisions/042-provisioning-engine.md) against a real PowerDNS
 * (docs/decisions/046-dns-on-powerdns.md): edits made while PowerDNS is down wait in the outbox and are published
 * once it is back, and a worker that dies holding a task is replaced once its lease expires; either way the zone
 * ends exactly as the customer asked.
 */
const MINUTE = 60_000;

interface Wanted {
  type: 'A' | 'TXT';
  value: string;
}

describe(`DNS publishing under faults (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let pdns: TestPowerDns;
  let admin: Session;
  let owner: Session;
  let ownerEmail: string;

  beforeAll(async () => {
    pdns = await startTestPowerDns();
    ctx = await createTestApp(ADMIN_TEST_ENV);
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    const customer = await registerVerified(ctx.app);
    owner = customer.session;
    ownerEmail = customer.account.email;
    await addDnsServer(ctx.app, admin, pdns, { name: 'dns-faults', nameservers: 'ns1.faults.test, ns2.faults.test' });
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await pdns?.dispose();
  });

  const db = () => ctx.app.database.db;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session: Session, payload?: unknown) =>
    callAs(ctx.app, method, url, session, payload);
  const tasksOf = (id: string) => tasksOfResource(ctx.app, id);
  const callsOf = async (id: string) => {
    const ids = (await tasksOf(id)).map((t) => t.id);
    return db()
      .selectFrom('provisioningCalls')
      .select(['taskId', 'operation', 'outcome', 'errorCode'])
      .where('taskId', 'in', ids)
      .orderBy('startedAt')
      .execute();
  };
  const clockAt = (ms: number) => {
    const clock = { t: ms, now: () => clock.t };
    return clock;
  };
  /** A worker of its own on the app's database, on a clock the test moves (so backoff is skipped, not waited). */
  function engine(clock: Clock) {
    return createProvisioningEngine({
      db: db(),
      clock,
      mailer: { send: async () => undefined, close: async () => undefined } as never,
      log: ctx.app.log,
      secretBox: createSecretBox(ctx.config.jwt.secret),
      intervalMs: 1000,
      leaseMs: 5 * MINUTE,
      random: () => 0.5,
    });
  }

  /** A domain of the customer whose zone is published (its create task done). */
  async function publishedDomain(prefix: string, clock: { t: number; now: () => number }) {
    const name = `${prefix}-${Date.now().toString(36)}.com`;
    const added = await call('POST', '/api/admin/domains', admin, { ownerEmail, name, years: 1 });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ id: string }>().id;
    clock.t = Date.now() + MINUTE;
    await engine(clock).runDue();
    expect((await tasksOf(id)).map((t) => [t.operation, t.status])).toEqual([['create', 'done']]);
    expect(await resolve(pdns.dnsPort, name, 'SOA')).toMatchObject({ nsname: 'ns1.faults.test' });
    return { id, name };
  }

  /** The customer's editor: add, change, delete; `wanted` follows what the zone must end with. */
  function editor(domainId: string) {
    const wanted = new Map<string, Wanted & { id: string }>();
    const touched = new Set<string>();
    return {
      wanted,
      touched,
      async add(host: string, type: Wanted['type'], value: string) {
        const res = await call('POST', `/api/domains/${domainId}/dns-records`, owner, {
          type,
          name: host,
          value,
          ttl: 300,
        });
        expect(res.statusCode, res.body).toBe(201);
        wanted.set(host, { type, value, id: res.json<{ id: string }>().id });
        touched.add(host);
      },
      async change(host: string, value: string) {
        const record = wanted.get(host)!;
        const res = await call('PUT', `/api/domains/${domainId}/dns-records/${record.id}`, owner, {
          type: record.type,
          name: host,
          value,
          ttl: 300,
        });
        expect(res.statusCode, res.body).toBe(200);
        record.value = value;
      },
      async remove(host: string) {
        const res = await call('DELETE', `/api/domains/${domainId}/dns-records/${wanted.get(host)!.id}`, owner);
        expect(res.statusCode, res.body).toBe(204);
        wanted.delete(host);
      },
    };
  }

  /** Every name the editor touched answers exactly what is wanted of it, and nothing for a deleted one. */
  async function expectZone(name: string, edits: ReturnType<typeof editor>) {
    const answers = await Promise.all(
      [...edits.touched].map(async (host) => {
        const fqdn = `${host}.${name}`;
        const [a, txt] = await Promise.all([resolve(pdns.dnsPort, fqdn, 'A'), resolve(pdns.dnsPort, fqdn, 'TXT')]);
        return [host, { A: a, TXT: (txt as unknown as string[][]).map((chunks) => chunks.join('')) }] as const;
      }),
    );
    const expected = [...edits.touched].map((host) => {
      const want = edits.wanted.get(host);
      return [host, { A: want?.type === 'A' ? [want.value] : [], TXT: want?.type === 'TXT' ? [want.value] : [] }];
    });
    expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(expected));
  }

  it('queues 100 edits while PowerDNS is down, shows the failed tries, then publishes them once, in order', async () => {
    const clock = clockAt(Date.now() + MINUTE);
    const { id, name } = await publishedDomain('faults', clock);
    const worker = engine(clock);
    const edits = editor(id);
    await pdns.stop();

    /** A pass of the worker once the task is due again (the backoff skipped on the clock, not waited). */
    const passWhenDue = async () => {
      const open = (await tasksOf(id)).filter((t) => t.status === 'pending');
      clock.t = Math.max(clock.t, Date.now() + MINUTE, ...open.map((t) => t.nextAttemptAt));
      await worker.runDue();
    };

    // 100 edits through the customer API, a worker pass failing between batches of them.
    for (let i = 0; i < 40; i++) await edits.add(`h${i}`, 'A', `192.0.2.${i + 1}`);
    await passWhenDue();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 10; i++) await edits.change(`h${i}`, `198.51.100.${round * 50 + i}`);
    }
    await passWhenDue();
    for (let i = 20; i < 40; i++) await edits.remove(`h${i}`);
    for (let i = 0; i < 10; i++) await edits.add(`t${i}`, 'TXT', `edit-${i}`);
    await passWhenDue();

    // All queued as one update (edits fold into the waiting task); the back office shows it failing and retrying.
    const queued = await tasksOf(id);
    expect(queued.map((t) => [t.operation, t.status])).toEqual([
      ['create', 'done'],
      ['update', 'pending'],
    ]);
    const listed = await call('GET', `/api/admin/provisioning?resourceId=${id}&status=pending`, admin);
    expect(listed.statusCode, listed.body).toBe(200);
    const [shown] = listed.json<{ items: { attempts: number; error: { code: string } | null }[] }>().items;
    expect(shown).toMatchObject({ attempts: 3, error: { code: expect.any(String) } });
    expect(listed.body).not.toContain(pdns.settings.apiKey);
    const domain = await call('GET', `/api/domains/${id}`, owner);
    expect(domain.json()).toMatchObject({ setup: 'provisioning' });
    expect((await callsOf(id)).map((c) => c.outcome)).toEqual(['ok', 'error', 'error', 'error']);

    // PowerDNS back on the same data: one PATCH publishes all 100 edits, the zone exactly as asked.
    await pdns.restart();
    await passWhenDue();
    expect((await tasksOf(id)).map((t) => t.status)).toEqual(['done', 'done']);
    expect((await callsOf(id)).map((c) => c.outcome)).toEqual(['ok', 'error', 'error', 'error', 'ok']);
    await expectZone(name, edits);
    expect(await resolve(pdns.dnsPort, 'h5.' + name, 'A')).toEqual(['198.51.100.105']);
    // Nothing left to publish: another pass calls nobody.
    clock.t += 60 * MINUTE;
    expect(await worker.runDue()).toBe(0);
  }, 120_000);

  it('ends with the zone as asked after a worker dies holding a task, once its lease has expired', async () => {
    const clock = clockAt(Date.now() + MINUTE);
    const { id, name } = await publishedDomain('crash', clock);
    const edits = editor(id);
    for (let i = 0; i < 5; i++) await edits.add(`c${i}`, 'A', `203.0.113.${i + 1}`);

    // Worker A claims the task, its PATCH reaches PowerDNS, and it dies before recording the outcome: its clock
    // stops answering after the call, as a process killed at that point would.
    let reads = 0;
    const dying: Clock = {
      now: () => {
        reads += 1;
        if (reads > 2) throw new Error('worker died');
        return clock.t;
      },
    };
    await expect(engine(dying).runDue()).rejects.toThrow('worker died');
    const held = (await tasksOf(id)).at(-1)!;
    expect(held).toMatchObject({ operation: 'update', status: 'running', attempts: 1 });
    expect(held.leaseUntil).toBe(clock.t + 5 * MINUTE);

    // The customer edits on meanwhile: a task of its own, behind the one held.
    await edits.change('c0', '203.0.113.100');
    await edits.remove('c1');
    await edits.add('c9', 'TXT', 'after-crash');
    expect((await tasksOf(id)).map((t) => [t.operation, t.status])).toEqual([
      ['create', 'done'],
      ['update', 'running'],
      ['update', 'pending'],
    ]);

    // A second app instance: nothing to do while the dead worker's lease runs, both tasks once it has expired.
    const later = clockAt(clock.t + 5 * MINUTE - 1);
    const other: App = await buildApp(ctx.config, { serveWebApp: false, clock: later });
    try {
      expect(await other.provisioning.runDue()).toBe(0);
      later.t += 1;
      expect(await other.provisioning.runDue()).toBe(2);
    } finally {
      await other.close();
    }
    const tasks = await tasksOf(id);
    expect(tasks.map((t) => t.status)).toEqual(['done', 'done', 'done']);
    expect(tasks[1]).toMatchObject({ attempts: 2, leaseOwner: null });
    await expectZone(name, edits);
    const domain = await call('GET', `/api/domains/${id}`, owner);
    expect(domain.json()).toMatchObject({ setup: null });
  }, 120_000);

  it("tells the customer's editor which records are published and whether our zone is the one in use", async () => {
    const name = `editor-${Date.now().toString(36)}.com`;
    const added = await call('POST', '/api/admin/domains', admin, { ownerEmail, name, years: 1 });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ id: string }>().id;
    type Detail = { zoneInUse: boolean | null; dnsRecords: { name: string; published: boolean }[] };
    const detail = async () => {
      const res = await call('GET', `/api/domains/${id}`, owner);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Detail>();
      return {
        zoneInUse: body.zoneInUse,
        published: Object.fromEntries(body.dnsRecords.map((r) => [r.name, r.published])),
      };
    };
    /** A pass of the app's own worker a moment after the last change (its call starts after it). */
    const publish = async () => {
      await new Promise((r) => setTimeout(r, 5));
      await ctx.app.provisioning.runDue();
    };

    // Registered with the default name servers, not the ones of our DNS server: our zone is not in use.
    expect((await detail()).zoneInUse).toBe(false);
    const ours = await call('PUT', `/api/domains/${id}/nameservers`, owner, {
      nameservers: ['NS1.faults.test.', 'ns2.faults.test'],
    });
    expect(ours.statusCode, ours.body).toBe(200);
    expect((await detail()).zoneInUse).toBe(true);

    const edits = editor(id);
    await edits.add('first', 'A', '192.0.2.1');
    expect((await detail()).published).toEqual({ first: false });
    await publish();
    expect((await detail()).published).toEqual({ first: true });

    // A later change publishes on its own: the earlier record stays published meanwhile.
    await edits.add('second', 'A', '192.0.2.2');
    expect((await detail()).published).toEqual({ first: true, second: false });
    await publish();
    expect((await detail()).published).toEqual({ first: true, second: true });
    await expectZone(name, edits);

    const elsewhere = await call('PUT', `/api/domains/${id}/nameservers`, owner, {
      nameservers: ['ns1.faults.test', 'ns1.elsewhere.example'],
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect((await detail()).zoneInUse).toBe(false);
  });
});
