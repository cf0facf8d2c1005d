import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDomain, type Customer, signUpCustomer } from '../../test/customer';
import { createTestApp, type TestContext } from '../../test/helpers';

describe('domain actions: auto-renew, transfer lock, nameservers, DNS records', () => {
  let ctx: TestContext;
  let customer: Customer;

  beforeAll(async () => {
    ctx = await createTestApp();
    customer = await signUpCustomer(ctx.app);
  });
  afterAll(async () => ctx.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown, who: Customer = customer) =>
    ctx.app.inject({ method, url, headers: who.headers, ...(body === undefined ? {} : { payload: body as object }) });
  const row = (id: string) =>
    ctx.app.database.db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('toggles auto-renew and the transfer lock, and keeps them', async () => {
    const id = await addDomain(ctx.app, customer.userId);
    const renew = await call('PUT', `/api/domains/${id}/auto-renew`, { enabled: true });
    expect(renew.statusCode).toBe(200);
    expect(renew.json()).toMatchObject({ id, autoRenew: true });
    const unlock = await call('PUT', `/api/domains/${id}/transfer-lock`, { locked: false });
    expect(unlock.json().transferLock).toBe(false);
    expect(await row(id)).toMatchObject({ autoRenew: 1, transferLock: 0 });
    expect((await call('PUT', `/api/domains/${id}/transfer-lock`, { locked: true })).json().transferLock).toBe(true);
    const transferring = await addDomain(ctx.app, customer.userId, { status: 'transferring' });
    expect((await call('PUT', `/api/domains/${transferring}/transfer-lock`, { locked: false })).statusCode).toBe(409);
  });

  it('sets 2 to 4 name servers and refuses other counts and bad host names by field', async () => {
    const id = await addDomain(ctx.app, customer.userId);
    const ok = await call('PUT', `/api/domains/${id}/nameservers`, {
      nameservers: ['ns1.cloud.example', 'NS2.cloud.example.'],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().nameservers).toEqual(['ns1.cloud.example', 'ns2.cloud.example']);
    const one = await call('PUT', `/api/domains/${id}/nameservers`, { nameservers: ['ns1.cloud.example'] });
    expect(one.statusCode).toBe(400);
    expect(one.json().error.fields.nameservers.code).toBe('validation.nameserversCount');
    const bad = await call('PUT', `/api/domains/${id}/nameservers`, {
      nameservers: ['ns1.cloud.example', 'not a host'],
    });
    expect(bad.json().error.fields['nameservers.1'].code).toBe('validation.hostName');
    expect(JSON.parse((await row(id)).nameservers)).toEqual(['ns1.cloud.example', 'ns2.cloud.example']);
  });

  it('adds, lists, changes and deletes records; the domain keeps the count and the last change', async () => {
    const id = await addDomain(ctx.app, customer.userId);
    const mx = await call('POST', `/api/domains/${id}/dns-records`, {
      type: 'MX',
      name: '@',
      value: 'mail.example.com',
      priority: 10,
    });
    expect(mx.statusCode).toBe(201);
    expect(mx.json()).toMatchObject({ type: 'MX', name: '@', value: 'mail.example.com', priority: 10, ttl: 3600 });
    const a = await call('POST', `/api/domains/${id}/dns-records`, {
      type: 'A',
      name: 'www',
      value: '192.0.2.10',
      ttl: 300,
    });
    expect(a.statusCode).toBe(201);
    expect((await row(id)).dnsUpdatedAt).not.toBeNull();

    const list = await call('GET', `/api/domains/${id}/dns-records`);
    expect(list.json().items.map((r: { type: string }) => r.type)).toEqual(['MX', 'A']);
    const state = await call('PUT', `/api/domains/${id}/auto-renew`, { enabled: false });
    expect(state.json().dnsRecordCount).toBe(2);

    const changed = await call('PUT', `/api/domains/${id}/dns-records/${a.json().id}`, {
      type: 'A',
      name: 'www',
      value: '192.0.2.20',
      ttl: 600,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ value: '192.0.2.20', ttl: 600 });

    const deleted = await call('DELETE', `/api/domains/${id}/dns-records/${mx.json().id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/api/domains/${id}/dns-records`)).json().items).toHaveLength(1);
    expect((await call('DELETE', `/api/domains/${id}/dns-records/${mx.json().id}`)).statusCode).toBe(404);
    const actions = await ctx.app.database.db
      .selectFrom('activity')
      .select('action')
      .where('subjectId', '=', id)
      .execute();
    expect(actions.map((x) => x.action)).toEqual(
      expect.arrayContaining(['dns.recordAdded', 'dns.recordChanged', 'dns.recordDeleted']),
    );
  });

  it('refuses malformed values by field and a CNAME beside other records (409), changing nothing', async () => {
    const id = await addDomain(ctx.app, customer.userId);
    const bad = await call('POST', `/api/domains/${id}/dns-records`, {
      type: 'AAAA',
      name: '@',
      value: '1.2.3.4',
      ttl: 5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      value: { code: 'validation.ipv6' },
      ttl: { code: 'validation.ttl' },
    });
    await call('POST', `/api/domains/${id}/dns-records`, { type: 'A', name: 'shop', value: '192.0.2.1' });
    const cname = await call('POST', `/api/domains/${id}/dns-records`, {
      type: 'CNAME',
      name: 'shop',
      value: 'shops.example.net',
    });
    expect(cname.statusCode).toBe(409);
    expect(cname.json().error).toMatchObject({
      code: 'DNS_CONFLICT',
      fields: { name: { code: 'validation.cnameConflict' } },
    });
    const alone = await call('POST', `/api/domains/${id}/dns-records`, {
      type: 'CNAME',
      name: 'blog',
      value: 'blogs.example.net',
    });
    expect(alone.statusCode).toBe(201);
    const beside = await call('POST', `/api/domains/${id}/dns-records`, { type: 'TXT', name: 'blog', value: 'hello' });
    expect(beside.statusCode).toBe(409);
    const apex = await call('POST', `/api/domains/${id}/dns-records`, {
      type: 'CNAME',
      name: '@',
      value: 'x.example.net',
    });
    expect(apex.statusCode).toBe(400);
    expect(apex.json().error.fields).toMatchObject({ name: { code: 'validation.cnameApex' } });
    // Changing the CNAME itself (same name) is allowed.
    const edit = await call('PUT', `/api/domains/${id}/dns-records/${alone.json().id}`, {
      type: 'CNAME',
      name: 'blog',
      value: 'other.example.net',
    });
    expect(edit.statusCode).toBe(200);
    expect((await call('GET', `/api/domains/${id}/dns-records`)).json().items).toHaveLength(2);
  });

  it('answers 404 for another customer’s domain and records, changing nothing', async () => {
    const other = await signUpCustomer(ctx.app);
    const theirs = await addDomain(ctx.app, other.userId);
    const record = await call(
      'POST',
      `/api/domains/${theirs}/dns-records`,
      { type: 'A', name: '@', value: '192.0.2.1' },
      other,
    );
    expect(record.statusCode).toBe(201);
    const recordUrl = `/api/domains/${theirs}/dns-records/${record.json().id}`;
    expect((await call('GET', `/api/domains/${theirs}/dns-records`)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/domains/${theirs}/dns-records`, { type: 'A', name: '@', value: '192.0.2.2' }))
        .statusCode,
    ).toBe(404);
    expect((await call('PUT', recordUrl, { type: 'A', name: '@', value: '192.0.2.9' })).statusCode).toBe(404);
    expect((await call('DELETE', recordUrl)).statusCode).toBe(404);
    expect((await call('PUT', `/api/domains/${theirs}/transfer-lock`, { locked: false })).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/domains/${theirs}/nameservers`, { nameservers: ['a.example.com', 'b.example.com'] }))
        .statusCode,
    ).toBe(404);
    // A record id of another domain, under one's own domain, is not found either.
    const mine = await addDomain(ctx.app, customer.userId);
    expect((await call('DELETE', `/api/domains/${mine}/dns-records/${record.json().id}`)).statusCode).toBe(404);
    const list = await call('GET', `/api/domains/${theirs}/dns-records`, undefined, other);
    expect(list.json().items).toEqual([record.json()]);
    expect(await row(theirs)).toMatchObject({ transferLock: 1 });
  });
});
