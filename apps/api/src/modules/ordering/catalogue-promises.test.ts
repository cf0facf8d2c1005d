import { randomUUID } from 'node:crypto';
import {
  ADMIN_ROLE,
  FREE_DOMAIN_MIN_MONTHS,
  findServicePlan,
  HOME_HOSTING_PLANS,
  HOSTING_PLANS,
  SERVICE_PLANS,
  toCents,
} from '@hostpilot/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, staffSession } from '../../test/admin';
import { credit, signUpCustomer, withKey } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { expectMoneyInvariants } from '../../test/money-invariants';
import { balanceOf } from '../billing';

/**
 * What the site shows is what the cart charges (docs/decisions/052-money-journeys.md, issue 31 item 2): the home
 * teaser's plans at their own prices, and "free domain for the first year" in the quote, the order, its invoice
 * and the renewal after that year.
 */

const COM = 999;
const BUSINESS = findServicePlan('hosting', 'business')!;
const name = () => `gift-${randomUUID().slice(0, 8)}.com`;

describe(`the catalogue's promises in the cart (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ ...ADMIN_TEST_ENV, DEMO_MODE: 'true' });
    const now = Date.now();
    await ctx.app.database.db
      .insertInto('servers')
      .values({
        id: randomUUID(),
        name: 'e2e-gift-frankfurt',
        location: 'frankfurt',
        type: 'shared',
        ip: '10.9.9.9',
        status: 'active',
        cpuModel: 'Test CPU',
        cpuCores: 8,
        ramGb: 32,
        storageGb: 1000,
        bandwidthGbps: 1,
        capacity: 1000,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  });
  afterAll(async () => ctx.close());
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  const quote = async (lines: unknown[]) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/orders/quote', payload: { lines } })).json();

  it('sells each home teaser plan as shown: its own id, name and monthly price', async () => {
    const ids = SERVICE_PLANS.map((plan) => plan.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const teaser of HOME_HOSTING_PLANS) {
      const answer = await quote([{ kind: 'hosting', planId: teaser.planId, months: 1, location: 'frankfurt' }]);
      expect(answer.valid).toBe(true);
      expect(answer.lines[0]).toMatchObject({ name: teaser.name, lineTotal: { amountMinor: toCents(teaser.price) } });
    }
    expect(HOME_HOSTING_PLANS.map((p) => toCents(p.price))).toEqual([499, 999, 1999]);
  });

  it('gives the first year of the domain free with a 12-month plan that includes one, and only then', async () => {
    const domain = name();
    const gift = await quote([
      { kind: 'hosting', planId: 'business', months: FREE_DOMAIN_MIN_MONTHS, location: 'frankfurt', domain },
      { kind: 'domain', domain, months: 24 },
    ]);
    expect(gift.lines[1]).toMatchObject({
      periodPrice: { amountMinor: 2 * COM },
      discount: { amountMinor: COM },
      lineTotal: { amountMinor: COM },
      freeDomainWith: 'Business',
    });
    expect(gift.total.amountMinor).toBe(12 * toCents(BUSINESS.price) + COM);

    const monthly = await quote([
      { kind: 'hosting', planId: 'business', months: 1, location: 'frankfurt', domain },
      { kind: 'domain', domain, months: 12 },
    ]);
    expect(monthly.lines[1]).toMatchObject({ discount: null, lineTotal: { amountMinor: COM } });
    const starter = HOSTING_PLANS.find((p) => !p.features.includes('freeDomain'))!;
    const without = await quote([
      { kind: 'hosting', planId: starter.id, months: 12, location: 'frankfurt', domain },
      { kind: 'domain', domain, months: 12 },
    ]);
    expect(without.lines[1]).toMatchObject({ discount: null, lineTotal: { amountMinor: COM } });
    // One free domain per hosting line: a second domain in the cart is charged.
    const other = name();
    const two = await quote([
      { kind: 'hosting', planId: 'business', months: 12, location: 'frankfurt', domain },
      { kind: 'domain', domain, months: 12 },
      { kind: 'domain', domain: other, months: 12 },
    ]);
    expect(two.lines.map((l: { lineTotal: { amountMinor: number } }) => l.lineTotal.amountMinor)).toEqual([
      12 * toCents(BUSINESS.price),
      0,
      COM,
    ]);
  });

  it('keeps the gift on the order and its invoice, and renews the domain at its price after the first year', async () => {
    const customer = await signUpCustomer(ctx.app);
    const domain = name();
    const lines = [
      { kind: 'hosting', planId: 'business', months: 12, location: 'frankfurt', domain },
      { kind: 'domain', domain, months: 12 },
    ];
    const total = 12 * toCents(BUSINESS.price);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: withKey(customer),
      payload: { lines, expectedTotal: total },
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(order.total.amountMinor).toBe(total);
    expect(order.lines[1]).toMatchObject({ lineTotal: { amountMinor: 0 }, discount: { amountMinor: COM } });
    const invoice = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/finance/invoices/${order.invoiceId}`,
        headers: customer.headers,
      })
    ).json();
    expect(invoice.total.amountMinor).toBe(total);
    expect(invoice.lines.map((l: { description: { key: string } }) => l.description.key)).toEqual([
      'invoiceLines.orderService',
      'invoiceLines.orderDomain',
      'invoiceLines.freeDomainYear',
    ]);
    expect(invoice.lines[2].amount.amountMinor).toBe(-COM);

    await credit(ctx.app, customer.userId, total + COM);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/pay`,
      headers: withKey(customer),
      payload: { method: 'balance' },
    });
    expect(paid.statusCode).toBe(200);
    const admin = await staffSession(ctx.app, ADMIN_ROLE);
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/accept`,
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    expect(accepted.statusCode).toBe(200);
    expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(COM);

    // The second year is the catalogue's price.
    const row = await ctx.app.database.db
      .selectFrom('domains')
      .select('id')
      .where('name', '=', domain)
      .executeTakeFirstOrThrow();
    const renewed = await ctx.app.inject({
      method: 'POST',
      url: `/api/domains/${row.id}/renew`,
      headers: withKey(customer),
      payload: { years: 1 },
    });
    expect(renewed.statusCode).toBe(200);
    expect(await balanceOf(ctx.app.database.db, customer.userId)).toBe(0);
  });
});
