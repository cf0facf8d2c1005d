import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDomain, addService, type Customer, signUpCustomer } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { addonDomainHooks, normaliseHostName } from './addon-domains';

/**
 * Addon domains of a hosting service (docs/decisions/069-addon-domains.md): hosting-domains.routes.ts through
 * app.inject. What reaches the web node is the task written here; web-node-addon-domains.test.ts runs it on a
 * real node and nginx.
 */
describe(`hosting addon domains (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let owner: Customer;
  let stranger: Customer;

  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signUpCustomer(ctx.app);
    stranger = await signUpCustomer(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}.example`;
  const list = (who: Customer, serviceId: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/hosting/${serviceId}/domains`, headers: who.headers });
  const add = (who: Customer, serviceId: string, name: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/hosting/${serviceId}/domains`,
      headers: who.headers,
      payload: { name },
    });
  const remove = (who: Customer, serviceId: string, name: string) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/hosting/${serviceId}/domains/${encodeURIComponent(name)}`,
      headers: who.headers,
    });
  const refusal = (response: { json: () => unknown }) =>
    (response.json() as { error: { code: string; fields?: { name?: { code: string } } } }).error;
  const tasksOf = (serviceId: string) =>
    ctx.app.database.db
      .selectFrom('provisioningTasks')
      .select(['operation', 'status', 'driverType', 'resourceType'])
      .where('resourceId', '=', serviceId)
      .execute();

  it('adds a domain: stored in lower-case A-labels, adding, one site task and an audit entry in its transaction', async () => {
    const serviceId = await addService(ctx.app, owner.userId, { planId: 'business' });
    const name = unique('Shop');
    const added = await add(owner, serviceId, `  WWW.${name.toUpperCase()}. `);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: name.toLowerCase(), status: 'adding' });

    const tasks = await tasksOf(serviceId);
    expect(tasks).toEqual([
      { operation: 'update', status: 'pending', driverType: 'web-node', resourceType: 'service' },
    ]);
    const audit = await ctx.app.database.db
      .selectFrom('auditLog')
      .select(['action', 'actorId', 'after'])
      .where('entityId', '=', serviceId)
      .execute();
    expect(audit).toEqual([
      { action: 'service.addonDomainAdd', actorId: owner.userId, after: JSON.stringify({ name: name.toLowerCase() }) },
    ]);

    const listed = await list(owner, serviceId);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({
      mainDomain: 'example.com',
      used: 2,
      limit: 5,
      domains: [{ name: name.toLowerCase(), status: 'adding' }],
    });
  });

  it('an international name is stored in Punycode and shown decoded', async () => {
    const serviceId = await addService(ctx.app, owner.userId, { planId: 'business' });
    const label = `магазин${randomUUID().slice(0, 4)}`;
    const added = await add(owner, serviceId, `${label}.рф`);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().name).toMatch(/^xn--[a-z0-9-]+\.xn--p1ai$/);
    expect(added.json().displayName).toBe(`${label}.рф`);
  });

  it('refuses names that are not host names', async () => {
    const serviceId = await addService(ctx.app, owner.userId, { planId: 'business' });
    for (const name of [
      'localhost',
      'a..example',
      '-bad.example',
      'bad-.example',
      'x.123',
      'a b.example',
      'http://x.example/',
      '*.x.example',
    ]) {
      const refused = await add(owner, serviceId, name);
      expect(refused.statusCode, name).toBe(400);
      expect(refusal(refused).fields?.name?.code, name).toBe('validation.addonDomainInvalid');
    }
    expect(await tasksOf(serviceId)).toEqual([]);
  });

  it("another customer's service is not found, and its domains are neither listed nor changed", async () => {
    const serviceId = await addService(ctx.app, owner.userId, { planId: 'business' });
    const name = unique('mine');
    expect((await add(owner, serviceId, name)).statusCode).toBe(201);
    expect((await list(stranger, serviceId)).statusCode).toBe(404);
    expect((await add(stranger, serviceId, unique('theirs'))).statusCode).toBe(404);
    expect((await remove(stranger, serviceId, name)).statusCode).toBe(404);
    const anon = await ctx.app.inject({ method: 'GET', url: `/api/hosting/${serviceId}/domains` });
    expect(anon.statusCode).toBe(401);
  });

  it('refuses a domain used by another customer without saying whose, and one registered to another customer', async () => {
    const theirs = await addService(ctx.app, stranger.userId, { planId: 'business' });
    const used = unique('used');
    expect((await add(stranger, theirs, used)).statusCode).toBe(201);
    const registered = unique('registered');
    await addDomain(ctx.app, stranger.userId, { name: registered });

    const mine = await addService(ctx.app, owner.userId, { planId: 'business' });
    for (const name of [used, registered, `shop.${registered}`]) {
      const refused = await add(owner, mine, name);
      expect(refused.statusCode, name).toBe(400);
      expect(refusal(refused).fields?.name?.code).toBe('validation.addonDomainTaken');
      expect(refused.body).not.toContain(stranger.userId);
      expect(refused.body).not.toContain(theirs);
    }
    // The main domain of another customer's site too.
    await ctx.app.database.db
      .updateTable('services')
      .set({ domain: 'main-of-theirs.example' })
      .where('id', '=', theirs)
      .execute();
    const main = await add(owner, mine, 'main-of-theirs.example');
    expect(refusal(main).fields?.name?.code).toBe('validation.addonDomainTaken');
  });

  it('refuses the main domain, a repeat, and a name on another of my services', async () => {
    const first = await addService(ctx.app, owner.userId, { planId: 'business' });
    const second = await addService(ctx.app, owner.userId, { planId: 'business' });
    expect(refusal(await add(owner, first, 'www.example.com')).fields?.name?.code).toBe('validation.addonDomainOwn');
    const name = unique('twice');
    expect((await add(owner, first, name)).statusCode).toBe(201);
    expect(refusal(await add(owner, first, name)).fields?.name?.code).toBe('validation.addonDomainExists');
    expect(refusal(await add(owner, second, name)).fields?.name?.code).toBe('validation.addonDomainYourOther');
  });

  it("a domain registered to me: allowed, and its zone's task is written with the site's", async () => {
    const serviceId = await addService(ctx.app, owner.userId, { planId: 'business' });
    const name = unique('ours');
    const domainId = await addDomain(ctx.app, owner.userId, { name });
    expect((await add(owner, serviceId, name)).statusCode).toBe(201);
    expect(await tasksOf(domainId)).toEqual([
      { operation: 'update', status: 'pending', driverType: 'powerdns', resourceType: 'domain' },
    ]);
  });

  it("counts the main domain against the plan's limit", async () => {
    const starter = await addService(ctx.app, owner.userId, { planId: 'starter' });
    const refused = await add(owner, starter, unique('over'));
    expect(refused.statusCode).toBe(400);
    expect(refusal(refused).fields?.name?.code).toBe('validation.addonDomainLimit');

    const business = await addService(ctx.app, owner.userId, { planId: 'business' });
    for (let i = 0; i < 4; i++) expect((await add(owner, business, unique(`n${i}`))).statusCode).toBe(201);
    expect(refusal(await add(owner, business, unique('fifth'))).fields?.name?.code).toBe('validation.addonDomainLimit');
    expect((await list(owner, business)).json()).toMatchObject({ used: 5, limit: 5 });
  });

  it('refuses changes on a suspended or cancelled service', async () => {
    for (const status of ['suspended', 'cancelled'] as const) {
      const serviceId = await addService(ctx.app, owner.userId, { planId: 'business', status });
      const refused = await add(owner, serviceId, unique(status));
      expect(refused.statusCode).toBe(409);
      expect(refusal(refused)).toMatchObject({
        code: 'INVALID_STATE',
        fields: { name: { code: 'validation.addonDomainInactive' } },
      });
    }
  });

  it('removes a domain: removing with a task and an audit entry, then gone once the node no longer serves it', async () => {
    const serviceId = await addService(ctx.app, owner.userId, { planId: 'business' });
    const kept = unique('kept');
    const gone = unique('gone');
    expect((await add(owner, serviceId, kept)).statusCode).toBe(201);
    expect((await add(owner, serviceId, gone)).statusCode).toBe(201);
    const removed = await remove(owner, serviceId, gone);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ name: gone, status: 'removing' });
    expect((await remove(owner, serviceId, gone)).json()).toMatchObject({ status: 'removing' });
    expect((await remove(owner, serviceId, unique('never'))).statusCode).toBe(404);
    const audit = await ctx.app.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', serviceId)
      .where('action', '=', 'service.addonDomainRemove')
      .execute();
    expect(audit).toHaveLength(1);
    expect((await list(owner, serviceId)).json()).toMatchObject({ used: 2 });

    // What the web-node driver reports after the node served [kept]: kept is active, gone is deleted.
    await addonDomainHooks(ctx.app.database.db, () => Date.now()).aliasesServed!({ kind: 'service', id: serviceId }, [
      kept,
    ]);
    const after = (await list(owner, serviceId)).json() as { domains: { name: string; status: string }[] };
    expect(after.domains).toEqual([expect.objectContaining({ name: kept, status: 'active' })]);
    // The name is free again for anyone.
    const theirs = await addService(ctx.app, stranger.userId, { planId: 'business' });
    expect((await add(stranger, theirs, gone)).statusCode).toBe(201);
  });

  it('normalises host names as the web node accepts them', () => {
    expect(normaliseHostName('Example.COM.')).toBe('example.com');
    expect(normaliseHostName('www.example.com')).toBe('example.com');
    expect(normaliseHostName('www.com')).toBe('www.com');
    expect(normaliseHostName('bücher.example')).toBe('xn--bcher-kva.example');
    expect(normaliseHostName('example')).toBeNull();
    expect(normaliseHostName('a_b.example')).toBeNull();
  });
});
