import { createHash, randomUUID } from 'node:crypto';
import { ADMIN_ROLE, AUTH_CODE_ALPHABET, AUTH_CODE_LENGTH, BILLING_ROLE, SUPPORT_ROLE } from '@hostpilot/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectMoneyInvariants } from '../../test/money-invariants';
import { ADMIN_TEST_ENV, staffSession } from '../../test/admin';
import { register, type Session } from '../../test/auth';
import { addDomain, credit } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';

/** The back office's domain actions (docs/decisions/033-hosting-and-domain-administration.md, "Domains"). */
describe(`back-office domains (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let admin: Session;
  let support: Session;
  let billing: Session;

  beforeAll(async () => {
    ctx = await createTestApp(ADMIN_TEST_ENV);
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    support = await staffSession(ctx.app, SUPPORT_ROLE);
    billing = await staffSession(ctx.app, BILLING_ROLE);
  });

  afterAll(async () => {
    await ctx.close();
  });
  // Every scenario leaves the books balanced (docs/decisions/043-refunds-and-due-dates.md).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  const db = () => ctx.app.database.db;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session?: Session, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: session ? { authorization: `Bearer ${session.access_token}` } : {},
      remoteAddress: '203.0.113.7',
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const customerDomain = async (options: Parameters<typeof addDomain>[2] = {}) => {
    const { session, account } = await register(ctx.app);
    const id = await addDomain(ctx.app, session.user.id, options);
    const row = await db().selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { id, name: row.name, owner: session, email: account.email };
  };
  const domainRow = (id: string) => db().selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirst();
  const auditOf = (entityId: string, action: string) =>
    db().selectFrom('auditLog').selectAll().where('entityId', '=', entityId).where('action', '=', action).execute();
  const notificationsOf = (userId: string) =>
    db().selectFrom('notifications').selectAll().where('userId', '=', userId).execute();
  const fieldCode = (body: string, field: string) =>
    (JSON.parse(body) as { error: { fields?: Record<string, { code: string }> } }).error.fields?.[field]?.code;
  const freeName = () => `fresh-${randomUUID().slice(0, 8)}.com`;

  describe('Add New Domain', () => {
    it('registers a free name for an active customer, free of charge, with its audit, activity and notification', async () => {
      const { session, account } = await register(ctx.app);
      const name = freeName();
      const before = Date.now();
      const response = await call('POST', '/api/admin/domains', admin, {
        ownerEmail: account.email.toUpperCase(),
        name: `  ${name.toUpperCase()} `,
        years: 2,
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ name, tld: '.com', status: 'active', owner: { id: session.user.id } });
      const row = (await domainRow(body.id))!;
      expect(row.userId).toBe(session.user.id);
      expect(row.registeredAt).toBeGreaterThanOrEqual(before);
      const expires = new Date(row.registeredAt);
      expires.setUTCFullYear(expires.getUTCFullYear() + 2);
      expect(row.expiresAt).toBe(expires.getTime());
      const [audit] = await auditOf(body.id, 'domain.create');
      expect(audit).toMatchObject({ actorId: admin.user.id, clientIp: '203.0.113.7' });
      expect(JSON.parse(audit!.after!)).toMatchObject({ name, ownerId: session.user.id, years: 2, charged: false });
      expect((await notificationsOf(session.user.id)).map((n) => n.key)).toContain('domainAddedByStaff');
      const activity = await db().selectFrom('activity').selectAll().where('subjectId', '=', body.id).execute();
      expect(activity.map((a) => a.action)).toEqual(['domain.registered']);
      const ledger = await db().selectFrom('ledgerEntries').selectAll().where('userId', '=', session.user.id).execute();
      expect(ledger).toEqual([]);
    });

    it('refuses a name somebody holds (409 DOMAIN_UNAVAILABLE, the search’s message) and writes nothing', async () => {
      const taken = await customerDomain();
      const { account } = await register(ctx.app);
      const response = await call('POST', '/api/admin/domains', admin, {
        ownerEmail: account.email,
        name: taken.name,
        years: 1,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('DOMAIN_UNAVAILABLE');
      expect(fieldCode(response.body, 'name')).toBe('validation.domainRegistered');
      const rows = await db().selectFrom('domains').selectAll().where('name', '=', taken.name).execute();
      expect(rows.map((r) => r.userId)).toEqual([taken.owner.user.id]);
    });

    it('refuses a reserved name (409 validation.domainReserved)', async () => {
      const { account } = await register(ctx.app);
      const response = await call('POST', '/api/admin/domains', admin, {
        ownerEmail: account.email,
        name: 'example.com',
        years: 1,
      });
      expect(response.statusCode).toBe(409);
      expect(fieldCode(response.body, 'name')).toBe('validation.domainReserved');
      expect(await db().selectFrom('domains').selectAll().where('name', '=', 'example.com').execute()).toEqual([]);
    });

    it('refuses a misspelt name, an ending we do not sell, a period and an unknown owner by field (400)', async () => {
      const { account } = await register(ctx.app);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ownerEmail: account.email, name: '-bad-.com', years: 1 }, 'name', 'validation.domainHyphenEdge'],
        [{ ownerEmail: account.email, name: 'nice.zz', years: 1 }, 'name', 'validation.domainTld'],
        [{ ownerEmail: account.email, name: 'nice', years: 1 }, 'name', 'validation.domainSubdomain'],
        [{ ownerEmail: account.email, name: freeName(), years: 4 }, 'years', 'validation.period'],
        [{ ownerEmail: 'nobody-here@example.com', name: freeName(), years: 1 }, 'ownerEmail', 'validation.domainOwner'],
        [{ ownerEmail: admin.user.email, name: freeName(), years: 1 }, 'ownerEmail', 'validation.domainOwner'],
      ];
      for (const [payload, field, code] of cases) {
        const response = await call('POST', '/api/admin/domains', admin, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(fieldCode(response.body, field), JSON.stringify(payload)).toBe(code);
      }
    });
  });

  describe('Edit DNS', () => {
    it('adds, changes and deletes a record of any customer’s domain, each audited with before and after', async () => {
      const domain = await customerDomain();
      const base = `/api/admin/domains/${domain.id}/dns-records`;
      const added = await call('POST', base, admin, { type: 'A', name: 'www', value: '203.0.113.10', ttl: 3600 });
      expect(added.statusCode, added.body).toBe(201);
      const record = added.json();
      const [create] = await auditOf(domain.id, 'domain.dns.create');
      expect(create!.before).toBeNull();
      expect(JSON.parse(create!.after!)).toMatchObject({ record: { value: '203.0.113.10' } });

      const changed = await call('PUT', `${base}/${record.id}`, admin, {
        type: 'A',
        name: 'www',
        value: '203.0.113.11',
        ttl: 600,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const [update] = await auditOf(domain.id, 'domain.dns.update');
      expect(JSON.parse(update!.before!)).toMatchObject({ record: { value: '203.0.113.10', ttl: 3600 } });
      expect(JSON.parse(update!.after!)).toMatchObject({ record: { value: '203.0.113.11', ttl: 600 } });

      const list = await call('GET', base, support);
      expect(list.statusCode).toBe(200);
      expect(list.json().items).toEqual([expect.objectContaining({ id: record.id, value: '203.0.113.11' })]);

      const deleted = await call('DELETE', `${base}/${record.id}`, admin);
      expect(deleted.statusCode).toBe(204);
      const [remove] = await auditOf(domain.id, 'domain.dns.delete');
      expect(JSON.parse(remove!.before!)).toMatchObject({ record: { id: record.id } });
      expect(await db().selectFrom('dnsRecords').selectAll().where('domainId', '=', domain.id).execute()).toEqual([]);
      // The customer's activity shows the staff's changes too.
      const activity = await db().selectFrom('activity').select('action').where('subjectId', '=', domain.id).execute();
      expect(activity.map((a) => a.action).sort()).toEqual([
        'dns.recordAdded',
        'dns.recordChanged',
        'dns.recordDeleted',
      ]);
    });

    it('refuses an invalid value by field (400) and an unknown domain (404), writing nothing', async () => {
      const domain = await customerDomain();
      const base = `/api/admin/domains/${domain.id}/dns-records`;
      const bad = await call('POST', base, admin, { type: 'A', name: 'www', value: 'not-an-address', ttl: 3600 });
      expect(bad.statusCode).toBe(400);
      expect(fieldCode(bad.body, 'value')).toBeDefined();
      const missing = await call('POST', `/api/admin/domains/${randomUUID()}/dns-records`, admin, {
        type: 'A',
        name: 'www',
        value: '203.0.113.10',
      });
      expect(missing.statusCode).toBe(404);
      expect(await db().selectFrom('dnsRecords').selectAll().where('domainId', '=', domain.id).execute()).toEqual([]);
      expect(await auditOf(domain.id, 'domain.dns.create')).toEqual([]);
    });
  });

  describe('Transfer', () => {
    it('marks the domain transferring and answers a one-time code whose hash, not the code, is stored', async () => {
      const domain = await customerDomain();
      await db().updateTable('domains').set({ transferLock: 0 }).where('id', '=', domain.id).execute();
      const response = await call('POST', `/api/admin/domains/${domain.id}/transfer`, admin);
      expect(response.statusCode, response.body).toBe(200);
      const { authCode, domain: answered } = response.json();
      expect(answered.status).toBe('transferring');
      expect(authCode).toHaveLength(AUTH_CODE_LENGTH);
      expect([...authCode].every((c: string) => AUTH_CODE_ALPHABET.includes(c))).toBe(true);
      const row = (await domainRow(domain.id))!;
      expect(row.status).toBe('transferring');
      expect(row.transferCodeHash).toBe(createHash('sha256').update(authCode).digest('hex'));
      expect(row.transferCodeHash).not.toContain(authCode);
      const [audit] = await auditOf(domain.id, 'domain.transfer');
      expect(audit!.after).not.toContain(authCode);
      expect(JSON.parse(audit!.after!)).toMatchObject({ status: 'transferring', authCode: '***' });
      expect((await notificationsOf(domain.owner.user.id)).map((n) => n.key)).toContain('domainTransferOut');
      // Not twice: the domain is no longer active.
      const again = await call('POST', `/api/admin/domains/${domain.id}/transfer`, admin);
      expect(again.statusCode).toBe(409);
      expect(fieldCode(again.body, 'status')).toBe('validation.domainNotTransferable');
    });

    it('refuses while the transfer lock is on (409) and changes nothing', async () => {
      const domain = await customerDomain();
      const response = await call('POST', `/api/admin/domains/${domain.id}/transfer`, admin);
      expect(response.statusCode).toBe(409);
      expect(fieldCode(response.body, 'transferLock')).toBe('validation.domainTransferLocked');
      const row = (await domainRow(domain.id))!;
      expect(row).toMatchObject({ status: 'active', transferCodeHash: null });
      expect(await auditOf(domain.id, 'domain.transfer')).toEqual([]);
    });

    it('refuses a domain in its grace period (409) and an unknown id (404)', async () => {
      const domain = await customerDomain({ status: 'graceperiod' });
      await db().updateTable('domains').set({ transferLock: 0 }).where('id', '=', domain.id).execute();
      expect((await call('POST', `/api/admin/domains/${domain.id}/transfer`, admin)).statusCode).toBe(409);
      expect((await call('POST', `/api/admin/domains/${randomUUID()}/transfer`, admin)).statusCode).toBe(404);
    });
  });

  describe('Delete', () => {
    it('refuses a wrong confirmation (400) and keeps the domain', async () => {
      const domain = await customerDomain();
      const response = await call('DELETE', `/api/admin/domains/${domain.id}`, admin, { confirm: 'other.com' });
      expect(response.statusCode).toBe(400);
      expect(fieldCode(response.body, 'confirm')).toBe('validation.confirmDomainName');
      expect(await domainRow(domain.id)).toBeDefined();
    });

    it('removes a domain and its DNS records, audited, and the customer is notified', async () => {
      const domain = await customerDomain();
      await call('POST', `/api/admin/domains/${domain.id}/dns-records`, admin, {
        type: 'TXT',
        name: '@',
        value: 'hello',
      });
      const response = await call('DELETE', `/api/admin/domains/${domain.id}`, admin, {
        confirm: domain.name.toUpperCase(),
      });
      expect(response.statusCode, response.body).toBe(204);
      expect(await domainRow(domain.id)).toBeUndefined();
      expect(await db().selectFrom('dnsRecords').selectAll().where('domainId', '=', domain.id).execute()).toEqual([]);
      const [audit] = await auditOf(domain.id, 'domain.delete');
      expect(JSON.parse(audit!.before!)).toMatchObject({ name: domain.name, dnsRecords: 1 });
      expect(JSON.parse(audit!.after!)).toEqual({ removed: true, keptForAccounting: false });
      expect((await notificationsOf(domain.owner.user.id)).map((n) => n.key)).toContain('domainDeletedByStaff');
      // The name is free again.
      const again = await call('POST', '/api/admin/domains', admin, {
        ownerEmail: domain.email,
        name: domain.name,
        years: 1,
      });
      expect(again.statusCode, again.body).toBe(201);
    });

    it('keeps a domain that the ledger names, marked deleted and hidden, with the ledger untouched', async () => {
      const domain = await customerDomain();
      // The renewal was paid from a balance it had (the money invariants hold after every test).
      await credit(ctx.app, domain.owner.user.id, 1299);
      await db()
        .insertInto('ledgerEntries')
        .values({
          id: randomUUID(),
          userId: domain.owner.user.id,
          type: 'domain_renewal',
          amountCents: -1299,
          descriptionKey: 'transactions.domainRenewal',
          domainId: domain.id,
          actorId: null,
          paymentId: null,
          invoiceId: null,
          serviceId: null,
          createdAt: Date.now(),
        })
        .execute();
      const response = await call('DELETE', `/api/admin/domains/${domain.id}`, admin, { confirm: domain.name });
      expect(response.statusCode, response.body).toBe(204);
      const row = (await domainRow(domain.id))!;
      expect(row.deletedAt).not.toBeNull();
      const ledger = await db().selectFrom('ledgerEntries').selectAll().where('domainId', '=', domain.id).execute();
      expect(ledger).toHaveLength(1);
      const list = await call('GET', `/api/admin/domains?q=${encodeURIComponent(domain.name)}`, admin);
      expect(list.json().items).toEqual([]);
      const own = await call('GET', '/api/domains', domain.owner);
      expect(own.json().items).toEqual([]);
      expect((await call('GET', `/api/admin/domains/${domain.id}/dns-records`, admin)).statusCode).toBe(404);
      expect(
        (await call('DELETE', `/api/admin/domains/${domain.id}`, admin, { confirm: domain.name })).statusCode,
      ).toBe(404);
    });
  });

  describe('who may', () => {
    it('support and billing staff and customers are refused (403), anonymous callers 401, nothing changes', async () => {
      const domain = await customerDomain();
      await db().updateTable('domains').set({ transferLock: 0 }).where('id', '=', domain.id).execute();
      const { account } = await register(ctx.app);
      const attempts: ['POST' | 'PUT' | 'DELETE', string, unknown][] = [
        ['POST', '/api/admin/domains', { ownerEmail: account.email, name: freeName(), years: 1 }],
        ['POST', `/api/admin/domains/${domain.id}/dns-records`, { type: 'A', name: 'www', value: '203.0.113.1' }],
        [
          'PUT',
          `/api/admin/domains/${domain.id}/dns-records/${randomUUID()}`,
          { type: 'A', name: 'www', value: '203.0.113.1' },
        ],
        ['DELETE', `/api/admin/domains/${domain.id}/dns-records/${randomUUID()}`, undefined],
        ['POST', `/api/admin/domains/${domain.id}/transfer`, undefined],
        ['DELETE', `/api/admin/domains/${domain.id}`, { confirm: domain.name }],
      ];
      for (const [method, url, payload] of attempts) {
        for (const session of [support, billing, domain.owner]) {
          expect((await call(method, url, session, payload)).statusCode, `${method} ${url}`).toBe(403);
        }
        expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      }
      expect((await call('GET', `/api/admin/domains/${domain.id}/dns-records`, billing)).statusCode).toBe(403);
      expect((await call('GET', `/api/admin/domains/${domain.id}/dns-records`, domain.owner)).statusCode).toBe(403);
      expect(await domainRow(domain.id)).toMatchObject({ status: 'active', transferCodeHash: null, deletedAt: null });
      expect(await db().selectFrom('dnsRecords').selectAll().where('domainId', '=', domain.id).execute()).toEqual([]);
    });
  });
});
