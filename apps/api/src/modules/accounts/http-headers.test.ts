import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, newAccount, postJson, register } from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';

describe(`headers of the sign-in answers (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ CORS_ORIGINS: 'https://app.example' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('marks every sign-in answer, success or refusal, no-store, with the security headers', async () => {
    const { account, session } = await register(ctx.app);
    const answers = [
      await postJson(ctx.app, '/api/auth/register', newAccount()),
      await postJson(ctx.app, '/api/auth/register', account),
      await login(ctx.app, { email: account.email, password: account.password }),
      await login(ctx.app, { email: account.email, password: 'wrong-password' }),
      await postJson(ctx.app, '/api/auth/refresh', { refreshToken: session.refresh_token }),
      await postJson(ctx.app, '/api/auth/refresh', { refreshToken: 'unknown' }),
      await postJson(ctx.app, '/api/auth/logout', { refreshToken: 'unknown' }),
      await ctx.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${session.access_token}` },
      }),
      await ctx.app.inject({ method: 'GET', url: '/api/users/me' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([201, 409, 200, 401, 200, 401, 204, 200, 401]);
    for (const response of answers) {
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    }
  });

  it('answers CORS preflights for configured origins only', async () => {
    for (const url of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/refresh',
      '/api/auth/logout',
      '/api/users/me',
    ]) {
      const allowed = await ctx.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': url.endsWith('/me') ? 'GET' : 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
      expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');

      const refused = await ctx.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }
    const simple = await login(
      ctx.app,
      { email: 'a@example.com', password: 'x' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });
});
