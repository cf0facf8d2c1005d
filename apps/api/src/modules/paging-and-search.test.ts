import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, register } from '../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../test/helpers';

const NOW = Date.now();
const NAMES = [
  'Shop 100% off',
  'Shop 1000 off',
  'a_b site',
  'axb site',
  "O'Brien's blog",
  'back\\slash',
  'backslash',
  'quote"d',
  'Plain one',
  'Plain two',
  'Plain three',
  'Plain four',
];

describe(`paging and literal search (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let token: string;

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const names = async (url: string) =>
    ((await get(url)).json().items as { name: string }[]).map((item) => item.name).sort();

  beforeAll(async () => {
    ctx = await createTestApp();
    const { session } = await register(ctx.app, newAccount());
    token = session.access_token;
    await ctx.app.database.db
      .insertInto('services')
      .values(
        NAMES.map((name, i) => ({
          id: randomUUID(),
          userId: session.user.id,
          kind: 'hosting' as const,
          planId: 'starter',
          name,
          serverId: null,
          domain: null,
          status: 'active' as const,
          suspensionReason: null,
          priceCents: 299,
          billingPeriod: 'month' as const,
          expiresAt: NOW + (i + 1) * 86_400_000,
          cancelRequestedAt: null,
          cancelReason: null,
          cancelledAt: null,
          createdAt: NOW - i * 1000,
          updatedAt: NOW,
        })),
      )
      .execute();
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('pages with the real total; the last page is partial; past the end is empty with the total', async () => {
    const first = (await get('/api/hosting?pageSize=10&sort=expiresAt&order=asc')).json();
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0].name).toBe('Shop 100% off');
    const second = (await get('/api/hosting?page=2&pageSize=10&sort=expiresAt&order=asc')).json();
    expect(second.items.map((s: { name: string }) => s.name)).toEqual(['Plain three', 'Plain four']);
    const past = await get('/api/hosting?page=9&pageSize=20');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual({ items: [], total: 12, page: 9, pageSize: 20 });
  });

  it('sorts both ways, with a stable order across pages', async () => {
    const asc = (await get('/api/hosting?sort=name&order=asc&pageSize=50'))
      .json()
      .items.map((s: { id: string }) => s.id);
    const desc = (await get('/api/hosting?sort=name&order=desc&pageSize=50'))
      .json()
      .items.map((s: { id: string }) => s.id);
    expect(desc).toEqual([...asc].reverse());
    const paged = [
      ...(await get('/api/hosting?sort=name&order=asc&pageSize=10')).json().items,
      ...(await get('/api/hosting?sort=name&order=asc&pageSize=10&page=2')).json().items,
    ].map((s: { id: string }) => s.id);
    expect(paged).toEqual(asc);
  });

  it('answers 400 naming the parameter for a bad page size, page, sort, order, filter or parameter', async () => {
    const cases: [string, string, string][] = [
      ['/api/hosting?pageSize=25', 'pageSize', 'validation.pageSize'],
      ['/api/hosting?pageSize=100', 'pageSize', 'validation.pageSize'],
      ['/api/hosting?page=0', 'page', 'validation.page'],
      ['/api/hosting?page=-2', 'page', 'validation.page'],
      ['/api/hosting?page=abc', 'page', 'validation.page'],
      ['/api/hosting?sort=passwordHash', 'sort', 'validation.sort'],
      ['/api/hosting?order=sideways', 'order', 'validation.order'],
      ['/api/hosting?status=deleted', 'status', 'validation.filter'],
      ['/api/hosting?userId=someone', 'userId', 'validation.unknownField'],
      ['/api/services?kind=hosting', 'kind', 'validation.filter'],
      ['/api/domains?sort=price', 'sort', 'validation.sort'],
      ['/api/finance/transactions?q=x', 'q', 'validation.unknownField'],
      ['/api/finance/invoices?status=open', 'status', 'validation.filter'],
      ['/api/tickets?priority=whenever', 'priority', 'validation.filter'],
      ['/api/notifications?read=maybe', 'read', 'validation.filter'],
      ['/api/knowledge/articles?lang=de', 'lang', 'validation.filter'],
      ['/api/knowledge/articles?category=cooking', 'category', 'validation.filter'],
    ];
    for (const [url, field, code] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      const body = response.json();
      expect(body.error.code, url).toBe('VALIDATION_FAILED');
      expect(body.error.fields[field], url).toMatchObject({ code });
      expect(typeof body.error.message).toBe('string');
    }
  });

  it('matches %, _, quotes and backslashes literally', async () => {
    const search = (q: string) => names(`/api/hosting?pageSize=50&q=${encodeURIComponent(q)}`);
    expect(await search('100%')).toEqual(['Shop 100% off']);
    expect(await search('%')).toEqual(['Shop 100% off']);
    expect(await search('a_b')).toEqual(['a_b site']);
    expect(await search('_')).toEqual(['a_b site']);
    expect(await search("o'brien")).toEqual(["O'Brien's blog"]);
    expect(await search('\\')).toEqual(['back\\slash']);
    expect(await search('k\\s')).toEqual(['back\\slash']);
    expect(await search('"')).toEqual(['quote"d']);
    expect(await search('PLAIN')).toHaveLength(4);
    expect(await search("'; drop table services; --")).toEqual([]);
    expect((await get('/api/hosting?q=%25%25%25')).json().total).toBe(0);
  });

  it('treats blank search as none, and refuses control characters and over-long search', async () => {
    expect((await get('/api/hosting?q=%20%20')).json().total).toBe(12);
    expect((await get('/api/hosting?q=%00')).statusCode).toBe(400);
    expect((await get(`/api/hosting?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('answers 404 for a well-formed id that does not exist and 400 for an absurdly long one', async () => {
    expect((await get(`/api/hosting/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`/api/tickets/${'x'.repeat(150)}`)).statusCode).toBe(400);
  });
});
