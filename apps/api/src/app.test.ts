import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStates } from '@hostpilot/shared';
import { z } from 'zod';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from './test/helpers';
import { EmailTakenError } from './modules/accounts/users.repository';
import { takeUnmappedErrors } from './test/setup';

describe(`API skeleton (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ BODY_LIMIT: '1024' });
    // A route that takes a JSON body, to exercise the body parser and validation paths.
    ctx.app.post(
      '/api/echo',
      { schema: { body: z.object({ name: z.string().min(1, { error: 'validation.required' }), count: z.number() }) } },
      async (request) => request.body,
    );
    ctx.app.get('/api/boom', async () => {
      throw new Error('secret internal detail');
    });
    // Domain errors thrown below the HTTP layer: a state machine's refusal and a repository's.
    ctx.app.get('/api/transition', async () => orderStates.assertTransition('cancelled', 'paid'));
    ctx.app.get('/api/email-taken', async () => {
      throw new EmailTakenError();
    });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('reports a reachable database on /api/health', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { status: 'up', kind: DATABASE_UNDER_TEST },
    });
  });

  it('answers unknown /api paths with a JSON 404 in the error shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/does-not-exist' },
    });
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "a",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('MALFORMED_JSON');
  });

  it('refuses __proto__ keys as malformed', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "a", "count": 1, "__proto__": {"admin": true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('MALFORMED_JSON');
  });

  it('answers a wrong content type with 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=a',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an oversized body with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(4096), count: 1 }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers invalid fields with 400 and per-field messages', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/echo',
      payload: { name: '', count: 'three' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid',
        fields: {
          name: { code: 'validation.required', message: 'Required' },
          count: { code: 'validation.invalidType', message: 'Invalid value' },
        },
      },
    });
  });

  it('hides the internals of a 500', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'An error occurred' } });
    expect(response.body).not.toContain('secret internal detail');
    expect(takeUnmappedErrors()).toHaveLength(1);
  });

  it("answers a state machine's refusal with 409 INVALID_STATE and a repository's domain error with its code", async () => {
    const transition = await ctx.app.inject({ method: 'GET', url: '/api/transition' });
    expect(transition.statusCode).toBe(409);
    expect(transition.json().error.code).toBe('INVALID_STATE');
    const taken = await ctx.app.inject({ method: 'GET', url: '/api/email-taken' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('EMAIL_TAKEN');
  });

  it('sends security headers and no-store on API answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('allows no cross-origin caller unless configured', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps authorization headers and bodies out of the logs', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/echo?token=query-secret',
      headers: { authorization: 'Bearer header-secret-value' },
      payload: { name: 'body-secret-value', count: 1 },
    });
    const logs = ctx.logs();
    expect(logs).toContain('/api/echo');
    expect(logs).not.toContain('header-secret-value');
    expect(logs).not.toContain('query-secret');
    expect(logs).not.toContain('body-secret-value');
  });
});

describe('response serialisers', () => {
  // The API tests compile each serialiser on its route's first answer (src/test/helpers.ts); the server compiles
  // every route's while it starts, so that a schema that cannot compile stops the start rather than an answer.
  it('of every route compile while the app starts, as the server builds it', async () => {
    const ctx = await createTestApp({}, { serializersOnFirstAnswer: false });
    try {
      await ctx.app.ready();
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('CORS allow-list', () => {
  it('answers configured origins only', async () => {
    const ctx = await createTestApp({ CORS_ORIGINS: 'https://app.example' });
    try {
      const allowed = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://app.example' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
      const refused = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://other.example' },
      });
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await ctx.close();
    }
  });
});
