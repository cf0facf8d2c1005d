import { randomUUID } from 'node:crypto';
import { ADMIN_ROLE } from '@hostpilot/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, sendAs, staffSession } from '../../test/admin';
import type { Session } from '../../test/auth';
import { addService, credit, type Customer, signUpCustomer, withKey } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { expectMoneyInvariants } from '../../test/money-invariants';

/**
 * A plan change a site's addon domains do not fit (docs/decisions/069-addon-domains.md, addendum of 2026-11-27): the
 * customer's downgrade and staff's plan edit are refused, saying how many addon domains to remove, before anything is
 * written; a downgrade waiting for the renewal limits new addon domains. So no web-node task is written that the node
 * would refuse.
 */
describe(`plan changes and addon domains (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let owner: Customer;
  let admin: Session;

  beforeAll(async () => {
    ctx = await createTestApp(ADMIN_TEST_ENV);
    owner = await signUpCustomer(ctx.app);
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    await credit(ctx.app, owner.userId, 10_000);
  });
  afterAll(async () => ctx?.close());
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  const db = () => ctx.app.database.db;
  const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}.example`;
  const addAddon = (serviceId: string, name: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/hosting/${serviceId}/domains`,
      headers: owner.headers,
      payload: { name },
    });
  const removeAddon = (serviceId: string, name: string) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/hosting/${serviceId}/domains/${encodeURIComponent(name)}`,
      headers: owner.headers,
    });
  const changePlan = (serviceId: string, planId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/services/${serviceId}/plan`,
      headers: withKey(owner),
      payload: { planId },
    });
  const row = (serviceId: string) =>
    db()
      .selectFrom('services')
      .select(['planId', 'pendingPlanId'])
      .where('id', '=', serviceId)
      .executeTakeFirstOrThrow();
  const planTasks = (serviceId: string) =>
    db()
      .selectFrom('provisioningTasks')
      .select('id')
      .where('resourceId', '=', serviceId)
      .where('operation', '=', 'changePlan')
      .execute();
  const auditOf = (serviceId: string, action: string) =>
    db().selectFrom('auditLog').select('id').where('entityId', '=', serviceId).where('action', '=', action).execute();
  type Refusal = {
    error: { code: string; message: string; fields?: Record<string, { code: string; params?: unknown }> };
  };

  it('refuses the downgrade while the site has more domains than the new plan, saying how many to remove', async () => {
    const serviceId = await addService(ctx.app, owner.userId, { planId: 'business' });
    const names = [unique('one'), unique('two')];
    for (const name of names) expect((await addAddon(serviceId, name)).statusCode).toBe(201);

    const refused = await changePlan(serviceId, 'starter');
    expect(refused.statusCode, refused.body).toBe(409);
    const { error } = refused.json<Refusal>();
    expect(error.code).toBe('INVALID_STATE');
    // Starter holds one domain (the main one): both addon domains must go.
    expect(error.fields?.planId).toEqual({
      code: 'validation.planAddonDomainsOver',
      message: error.message,
      params: { count: 2, allowed: 1 },
    });
    expect(error.message).toBe(
      'Remove addon domains first: 2 more than that plan allows (its limit is 1, the main domain included)',
    );
    expect(await row(serviceId)).toEqual({ planId: 'business', pendingPlanId: null });
    expect(await auditOf(serviceId, 'service.planDowngrade')).toEqual([]);

    // One removed: one still over. Both removed (the removal waits for the node): still counted until gone.
    expect((await removeAddon(serviceId, names[0]!)).statusCode).toBe(200);
    const stillOver = await changePlan(serviceId, 'starter');
    expect(stillOver.statusCode).toBe(409);
    expect(stillOver.json<Refusal>().error.fields?.planId?.params).toEqual({ count: 1, allowed: 1 });

    // Once the node no longer serves them, the downgrade is scheduled.
    await db().deleteFrom('serviceDomains').where('serviceId', '=', serviceId).execute();
    const scheduled = await changePlan(serviceId, 'starter');
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(await row(serviceId)).toEqual({ planId: 'business', pendingPlanId: 'starter' });
  });

  it('limits new addon domains to the plan a waiting downgrade moves to', async () => {
    const serviceId = await addService(ctx.app, owner.userId, { planId: 'business' });
    expect((await changePlan(serviceId, 'starter')).statusCode).toBe(200);
    const refused = await addAddon(serviceId, unique('late'));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<Refusal>().error.fields?.name?.code).toBe('validation.addonDomainLimit');

    // Withdrawn downgrade: the business plan's domains are open again.
    const withdrawn = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/services/${serviceId}/pending-plan`,
      headers: owner.headers,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await addAddon(serviceId, unique('again'))).statusCode).toBe(201);
  });

  it("refuses staff's plan edit the same way; nothing written, no plan task queued", async () => {
    const serviceId = await addService(ctx.app, owner.userId, { planId: 'business' });
    for (const name of [unique('a'), unique('b'), unique('c')]) {
      expect((await addAddon(serviceId, name)).statusCode).toBe(201);
    }
    const refused = await sendAs(ctx.app, 'PATCH', `/api/admin/services/${serviceId}`, admin, { planId: 'starter' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<Refusal>().error.fields?.planId).toMatchObject({
      code: 'validation.planAddonDomainsOver',
      params: { count: 3, allowed: 1 },
    });
    expect(await row(serviceId)).toEqual({ planId: 'business', pendingPlanId: null });
    expect(await planTasks(serviceId)).toEqual([]);
    expect(await auditOf(serviceId, 'service.update')).toEqual([]);

    // A plan that holds them all is taken, with its task.
    const moved = await sendAs(ctx.app, 'PATCH', `/api/admin/services/${serviceId}`, admin, { planId: 'enterprise' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await planTasks(serviceId)).toHaveLength(1);
  });
});
