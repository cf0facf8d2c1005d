import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasswordHasher } from '../../lib/password';
import { login, me, newAccount, PASSWORD, postJson, register } from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';

describe(`general request limit on /api (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_API_MAX: '6', RATE_LIMIT_API_WINDOW: '60' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('counts every /api route per address, refresh, logout and /users/me included, and answers 429 in the error shape', async () => {
    const from = { remoteAddress: '198.51.100.7' };
    const { session } = await register(ctx.app, newAccount(), from);
    const answers = [
      await postJson(ctx.app, '/api/auth/refresh', { refreshToken: session.refresh_token }, from),
      await postJson(ctx.app, '/api/auth/logout', { refreshToken: 'unknown' }, from),
      await ctx.app.inject({ method: 'GET', url: '/api/users/me', remoteAddress: '198.51.100.7' }),
      await ctx.app.inject({ method: 'GET', url: '/api/meta', remoteAddress: '198.51.100.7' }),
      await ctx.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.7' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 204, 401, 200, 200]);
    const refused = [
      await postJson(ctx.app, '/api/auth/logout', { refreshToken: 'unknown' }, from),
      await ctx.app.inject({
        method: 'GET',
        url: '/api/users/me',
        remoteAddress: '198.51.100.7',
        headers: { authorization: `Bearer ${session.access_token}` },
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: 'Too many attempts; try again later' },
      });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is not affected.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/meta', remoteAddress: '198.51.100.8' })).statusCode).toBe(
      200,
    );
  });

  it('counts an IPv6 /64 as one address', async () => {
    for (let i = 0; i < 6; i += 1) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/meta',
        remoteAddress: `2001:db8:c:d::${i + 1}`,
      });
      expect(response.statusCode).toBe(200);
    }
    const rotated = await ctx.app.inject({ method: 'GET', url: '/api/meta', remoteAddress: '2001:db8:c:d:9:9:9:9' });
    expect(rotated.statusCode).toBe(429);
    const neighbour = await ctx.app.inject({ method: 'GET', url: '/api/meta', remoteAddress: '2001:db8:c:e::1' });
    expect(neighbour.statusCode).toBe(200);
  });
});

describe(`password hashing cap (${DATABASE_UNDER_TEST})`, () => {
  it('answers 503 at once above the cap instead of queueing, and signs in again once a slot is free', async () => {
    const releases: Array<() => void> = [];
    let gate = false;
    const real = await import('../../lib/password');
    const slow: PasswordHasher = {
      hash: real.hashPassword,
      verify: async (hash, password) => {
        if (gate) await new Promise<void>((resolve) => releases.push(resolve));
        return real.verifyPassword(hash, password);
      },
    };
    const ctx = await createTestApp(
      // No queue beyond one waiter, however fast the registration's hash was.
      { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_MAX_WAIT_MS: '0' },
      { passwords: slow },
    );
    try {
      const { account } = await register(ctx.app);
      gate = true;
      const first = login(ctx.app, { email: account.email, password: PASSWORD });
      // The first holds the only slot once its verification has started...
      while (releases.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      // ...and the second, after its database read, waits for it (the database answers in far less than this).
      const second = login(ctx.app, { email: account.email, password: PASSWORD });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const third = await login(ctx.app, { email: account.email, password: PASSWORD });
      expect(third.statusCode).toBe(503);
      expect(third.json().error.code).toBe('SERVICE_UNAVAILABLE');
      expect(third.headers['retry-after']).toBe('1');
      // Only the first verification runs; the second waits for its slot and starts once the first ends.
      expect(releases).toHaveLength(1);
      gate = false;
      releases.shift()!();
      expect((await first).statusCode).toBe(200);
      expect((await second).statusCode).toBe(200);
      expect((await login(ctx.app, { email: account.email, password: PASSWORD })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe(`demo mode and security headers (${DATABASE_UNDER_TEST})`, () => {
  it('tells the web app whether demo mode is on', async () => {
    for (const seed of ['true', 'false']) {
      const ctx = await createTestApp({ SEED_DEMO: seed });
      try {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/meta' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ demo: seed === 'true' });
      } finally {
        await ctx.close();
      }
    }
  });

  it("sends base-uri 'none', and HSTS only on answers that travel over HTTPS", async () => {
    const ctx = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const plain = await me(ctx.app);
      expect(String(plain.headers['content-security-policy'])).toContain("base-uri 'none'");
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const secure = await ctx.app.inject({
        method: 'GET',
        url: '/api/meta',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
      // An untrusted client cannot make the server believe it speaks HTTPS... nor does it matter: HSTS is only
      // ever a tightening.
      const spoofed = await ctx.app.inject({
        method: 'GET',
        url: '/api/meta',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await ctx.close();
    }
  });
});
