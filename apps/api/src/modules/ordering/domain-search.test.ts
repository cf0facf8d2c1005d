import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDomain, signUpCustomer } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';

describe(`GET /api/domains/search (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    const customer = await signUpCustomer(ctx.app);
    await addDomain(ctx.app, customer.userId, { name: 'taken-name.com' });
    await addDomain(ctx.app, customer.userId, { name: 'taken-name.io', status: 'expired' });
    await addDomain(ctx.app, customer.userId, { name: 'xn--e1afmkfd.org' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  const search = (q: string | undefined, extra = '') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/domains/search${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}${extra}`,
    });

  it('answers a free name, with no sign-in, and the same name under every other ending, priced from the catalogue', async () => {
    const response = await search('Brand-New-Shop');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.result).toEqual({
      name: 'brand-new-shop.com',
      displayName: 'brand-new-shop.com',
      tld: '.com',
      available: true,
      reason: null,
      pricePerYear: { amountMinor: 999, currency: 'USD' },
    });
    expect(body.alternatives.map((check: { tld: string }) => check.tld)).toEqual([
      '.net',
      '.org',
      '.io',
      '.dev',
      '.app',
    ]);
    expect(body.alternatives.every((check: { available: boolean }) => check.available)).toBe(true);
  });

  it('says a held name is registered, whatever its state, and offers the free endings', async () => {
    const body = (await search('taken-name.io')).json();
    expect(body.result).toMatchObject({ name: 'taken-name.io', available: false, reason: 'registered' });
    const byTld = Object.fromEntries(
      body.alternatives.map((check: { tld: string; available: boolean }) => [check.tld, check.available]),
    );
    expect(byTld).toEqual({ '.com': false, '.net': true, '.org': true, '.dev': true, '.app': true });
  });

  it('keeps reserved names for the registry under every ending', async () => {
    const body = (await search('example.net')).json();
    expect(body.result).toMatchObject({ available: false, reason: 'reserved' });
    expect(body.alternatives.every((check: { reason: string }) => check.reason === 'reserved')).toBe(true);
  });

  it('reads an international name in its script or in Punycode, and shows it in its script', async () => {
    const typed = (await search('Пример.org')).json();
    expect(typed.result).toMatchObject({
      name: 'xn--e1afmkfd.org',
      displayName: 'пример.org',
      available: false,
      reason: 'registered',
    });
    const punycode = (await search('xn--e1afmkfd.com')).json();
    expect(punycode.result).toMatchObject({ displayName: 'пример.com', available: true });
  });

  it('refuses a bad name with the rule it breaks, by field, and an unknown parameter', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'validation.domainEmpty'],
      ['   ', 'validation.domainEmpty'],
      ['a'.repeat(254), 'validation.domainTooLong'],
      ['my_site.com', 'validation.domainCharacters'],
      [`${'a'.repeat(64)}.com`, 'validation.domainLabelLength'],
      ['-site.com', 'validation.domainHyphenEdge'],
      ['ab--cd.com', 'validation.domainHyphens'],
      ['shop.example.com', 'validation.domainSubdomain'],
      ['example.xyz', 'validation.domainTld'],
    ];
    for (const [q, code] of cases) {
      const response = await search(q);
      expect(response.statusCode, String(q)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.fields.q.code, String(q)).toBe(code);
    }
    const unknown = await search('shop', '&price=1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.price.code).toBe('validation.unknownField');
  });
});
