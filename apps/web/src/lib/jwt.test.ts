import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, isTokenValid } from './jwt';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (payload: object) => `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;

describe('isTokenValid', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const nowSeconds = now / 1000;

  it('accepts a token whose exp is in the future', () => {
    expect(isTokenValid(token({ sub: 'u1', exp: nowSeconds + 60 }), now)).toBe(true);
  });

  it('refuses an expired token, and one expiring this very second', () => {
    expect(isTokenValid(token({ exp: nowSeconds - 1 }), now)).toBe(false);
    expect(isTokenValid(token({ exp: nowSeconds }), now)).toBe(false);
  });

  it('refuses a token without exp, or with a non-numeric exp', () => {
    expect(isTokenValid(token({ sub: 'u1' }), now)).toBe(false);
    expect(isTokenValid(token({ exp: String(nowSeconds + 60) }), now)).toBe(false);
  });

  it('refuses missing, truncated and garbage tokens', () => {
    expect(isTokenValid(null, now)).toBe(false);
    expect(isTokenValid('', now)).toBe(false);
    expect(isTokenValid('abc', now)).toBe(false);
    expect(isTokenValid('a.b', now)).toBe(false);
    expect(isTokenValid('a.!!!.c', now)).toBe(false);
    expect(isTokenValid(`x.${encode([1, 2])}.y`, now)).toBe(false);
  });

  it('decodes URL-safe base64 with non-ASCII claims', () => {
    expect(decodeJwtPayload(token({ name: 'Анна', exp: 1 }))).toEqual({ name: 'Анна', exp: 1 });
  });
});
