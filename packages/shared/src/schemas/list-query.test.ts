import { describe, expect, it } from 'vitest';
import { enumFilter, listQuerySchema, pageSchema } from './list-query';
import { z } from './zod';

const schema = listQuerySchema({
  sort: ['name', 'createdAt'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { status: enumFilter(['active', 'expired']) },
});

function fieldCodes(input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.') || '_', issue.message]));
}

describe('listQuerySchema', () => {
  it('fills the defaults: page 1, 10 a page, the endpoint sort and order', () => {
    expect(schema.parse({})).toEqual({ page: 1, pageSize: 10, sort: 'createdAt', order: 'desc' });
  });

  it('reads query-string text as numbers and keeps filters and search', () => {
    expect(
      schema.parse({ page: '3', pageSize: '50', sort: 'name', order: 'asc', q: ' 50%_off ', status: 'active' }),
    ).toEqual({ page: 3, pageSize: 50, sort: 'name', order: 'asc', q: '50%_off', status: 'active' });
  });

  it('allows only page sizes 10, 20 and 50', () => {
    for (const size of ['20', '10', '50']) expect(schema.safeParse({ pageSize: size }).success).toBe(true);
    for (const size of ['0', '5', '11', '100', '-10', '10.0', 'ten', '']) {
      expect(fieldCodes({ pageSize: size })).toEqual({ pageSize: 'validation.pageSize' });
    }
  });

  it('refuses page 0, negative, fractional, exponent and huge pages', () => {
    for (const page of ['0', '-1', '1.5', '1e3', 'abc', '100001', ' 2']) {
      expect(fieldCodes({ page })).toEqual({ page: 'validation.page' });
    }
  });

  it('refuses a sort field, order or filter value the endpoint does not allow', () => {
    expect(fieldCodes({ sort: 'passwordHash' })).toEqual({ sort: 'validation.sort' });
    expect(fieldCodes({ order: 'up' })).toEqual({ order: 'validation.order' });
    expect(fieldCodes({ status: 'deleted' })).toEqual({ status: 'validation.filter' });
  });

  it('refuses an unknown parameter under its own name', () => {
    expect(fieldCodes({ role: '1' })).toEqual({ role: 'validation.unknownField' });
  });

  it('treats blank search as none and refuses control characters and over-long text', () => {
    expect(schema.parse({ q: '   ' }).q).toBeUndefined();
    expect(fieldCodes({ q: 'a\u0000b' })).toEqual({ q: 'validation.invalidType' });
    expect(fieldCodes({ q: 'x'.repeat(101) })).toEqual({ q: 'validation.tooLong' });
  });

  it('refuses a repeated parameter (an array)', () => {
    expect(fieldCodes({ page: ['1', '2'] })).toEqual({ page: 'validation.page' });
  });
});

describe('pageSchema', () => {
  it('describes items, total, page and pageSize', () => {
    const page = pageSchema(z.object({ id: z.string() }));
    expect(page.parse({ items: [{ id: 'a' }], total: 31, page: 4, pageSize: 10 }).total).toBe(31);
    expect(page.safeParse({ items: [], total: -1, page: 1, pageSize: 10 }).success).toBe(false);
  });
});
