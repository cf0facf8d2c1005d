import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, getAs, staffSession } from '../test/admin';
import { newAccount, register } from '../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../test/helpers';

/** The routes anyone may call without signing in (besides /api/auth). */
const PUBLIC_PATHS = new Set([
  '/api/health',
  '/api/meta',
  '/api/domains/search',
  '/api/settings/public',
  '/api/maintenance',
]);

describe(`OpenAPI description at /api/docs (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('describes every endpoint with its body, answers and security', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toBe('3.1.0');
    // The back office's paths are checked by modules/back-office-authorization.test.ts.
    expect(
      Object.keys(spec.paths)
        .filter((path) => !path.startsWith('/api/admin'))
        .sort(),
    ).toEqual([
      '/api/account/security',
      '/api/account/two-factor/disable',
      '/api/account/two-factor/enable',
      '/api/account/two-factor/recovery-codes',
      '/api/account/two-factor/setup',
      '/api/auth/email/resend',
      '/api/auth/email/undo',
      '/api/auth/email/verify',
      '/api/auth/handoff',
      '/api/auth/login',
      '/api/auth/login/form',
      '/api/auth/login/two-factor',
      '/api/auth/login/two-factor/form',
      '/api/auth/logout',
      '/api/auth/password/change',
      '/api/auth/password/forgot',
      '/api/auth/password/forgot/form',
      '/api/auth/password/reset',
      '/api/auth/refresh',
      '/api/auth/register',
      '/api/auth/register/form',
      '/api/auth/sessions',
      '/api/auth/sessions/sign-out-others',
      '/api/auth/sessions/{id}',
      '/api/billing/payment-method',
      '/api/contact',
      '/api/dashboard/getting-started',
      '/api/dashboard/getting-started/dismiss',
      '/api/dashboard/summary',
      '/api/dashboard/trends',
      '/api/domains',
      '/api/domains/search',
      '/api/domains/{id}',
      '/api/domains/{id}/auto-renew',
      '/api/domains/{id}/dns-records',
      '/api/domains/{id}/dns-records/{recordId}',
      '/api/domains/{id}/dns/import',
      '/api/domains/{id}/nameservers',
      '/api/domains/{id}/renew',
      '/api/domains/{id}/transfer-lock',
      '/api/finance/balance',
      '/api/finance/invoices',
      '/api/finance/invoices/{id}',
      '/api/finance/invoices/{id}/pdf',
      '/api/finance/statement',
      '/api/finance/top-ups',
      '/api/finance/transactions',
      '/api/health',
      '/api/hosting',
      '/api/hosting/{id}',
      '/api/hosting/{id}/databases',
      '/api/hosting/{id}/databases/{name}',
      '/api/hosting/{id}/databases/{name}/password',
      '/api/hosting/{id}/domains',
      '/api/hosting/{id}/domains/{name}',
      '/api/hosting/{id}/files',
      '/api/hosting/{id}/files/delete',
      '/api/hosting/{id}/files/download',
      '/api/hosting/{id}/files/extract',
      '/api/hosting/{id}/files/folders',
      '/api/hosting/{id}/files/move',
      '/api/hosting/{id}/files/text',
      '/api/hosting/{id}/files/uploads',
      '/api/hosting/{id}/files/uploads/{uploadId}',
      '/api/knowledge/articles',
      '/api/knowledge/articles/{id}',
      '/api/maintenance',
      '/api/meta',
      '/api/notifications',
      '/api/notifications/read-all',
      '/api/notifications/unread-count',
      '/api/notifications/{id}/read',
      '/api/orders',
      '/api/orders/quote',
      '/api/orders/{id}',
      '/api/orders/{id}/cancel',
      '/api/orders/{id}/pay',
      '/api/servers',
      '/api/servers/{id}',
      '/api/services',
      '/api/services/{id}',
      '/api/services/{id}/auto-renew',
      '/api/services/{id}/cancellation',
      '/api/services/{id}/certificate',
      '/api/services/{id}/certificate.pem',
      '/api/services/{id}/certificate/key',
      '/api/services/{id}/certificate/reissue',
      '/api/services/{id}/certificate/revoke',
      '/api/services/{id}/pending-plan',
      '/api/services/{id}/plan',
      '/api/services/{id}/renew',
      '/api/settings/public',
      '/api/tickets',
      '/api/tickets/{id}',
      '/api/tickets/{id}/close',
      '/api/tickets/{id}/messages',
      '/api/tickets/{id}/reopen',
      '/api/users/me',
      '/api/users/me/preferences',
    ]);
    const register = spec.paths['/api/auth/register'].post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
      'password',
    ]);
    expect(register.requestBody.content['application/json'].schema.properties.password).toMatchObject({
      minLength: 8,
      maxLength: 128,
    });
    expect(Object.keys(register.responses).sort()).toEqual(['201', '400', '409', '413', '415', '429']);
    expect(Object.keys(spec.paths['/api/auth/login'].post.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '413',
      '415',
      '429',
    ]);
    const refreshAnswer = spec.paths['/api/auth/refresh'].post.responses['200'].content['application/json'].schema;
    expect(Object.keys(refreshAnswer.properties).sort()).toEqual(['refresh_token', 'token']);
    expect(spec.paths['/api/auth/logout'].post.responses['204'].description).toBe('Signed out');
    const me = spec.paths['/api/users/me'].get;
    expect(me.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(me.responses['200'].content['application/json'].schema.properties).sort()).toEqual([
      'email',
      'firstName',
      'id',
      'lastName',
      'role',
    ]);
    // Every customer route: Bearer security, a described 200 answer and 401; lists take the paging query.
    for (const [path, item] of Object.entries(spec.paths) as [string, { get?: Record<string, never> }][]) {
      if (PUBLIC_PATHS.has(path) || path.startsWith('/api/auth') || !item.get) continue;
      const get = item.get as unknown as {
        security: unknown;
        responses: Record<string, unknown>;
        parameters?: { name: string }[];
      };
      expect(get.security, path).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(get.responses), path).toEqual(expect.arrayContaining(['200', '401']));
      if (['/api/hosting', '/api/servers', '/api/domains', '/api/finance/invoices', '/api/tickets'].includes(path)) {
        expect(
          get.parameters!.map((p) => p.name),
          path,
        ).toEqual(expect.arrayContaining(['page', 'pageSize', 'sort', 'order', 'q']));
        expect(Object.keys(get.responses), path).toContain('400');
      }
      if (path.endsWith('{id}')) expect(Object.keys(get.responses), path).toContain('404');
    }
    const hostingItem =
      spec.paths['/api/hosting'].get.responses['200'].content['application/json'].schema.properties.items.items;
    expect(hostingItem.properties.server).toBeDefined();
    expect(spec.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(JSON.stringify(spec)).not.toMatch(/passwordHash|password_hash/);
  });

  it('serves Swagger UI under its own CSP, and only there', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const docsCsp = String(page.headers['content-security-policy']);
    expect(docsCsp).toContain("script-src 'self';");
    expect(docsCsp).toContain("style-src 'self' 'sha256-");
    expect(docsCsp).toContain("frame-ancestors 'none'");
    expect(docsCsp).not.toContain('unsafe-inline');
    expect(docsCsp).not.toContain('unsafe-eval');
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<\s]/);

    for (const url of ['/api/docs?lng=en', '/api/docs/?x=1&y=2']) {
      const withQuery = await ctx.app.inject({ method: 'GET', url });
      expect(withQuery.statusCode, url).toBe(302);
      expect(withQuery.headers.location).toBe(url.split('?')[0]);
    }

    const asset = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-security-policy']).toBe(page.headers['content-security-policy']);

    const site = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    for (const response of [site, login]) {
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("style-src 'self';");
      expect(csp).not.toContain('sha256-');
      expect(csp).toBe(String(site.headers['content-security-policy']));
    }
  });
});

// docs/decisions/045-production-hardening.md: in production the description is for staff only.
describe(`/api/docs in production (${DATABASE_UNDER_TEST})`, () => {
  let production: TestContext;

  beforeAll(async () => {
    production = await createTestApp({ NODE_ENV: 'production', ...ADMIN_TEST_ENV });
  });

  afterAll(async () => {
    await production.close();
  });

  it('answers only a staff member’s access token', async () => {
    const customer = (await register(production.app, newAccount())).session;
    const staff = await staffSession(production.app, 1);
    // Swagger UI's own static files (/api/docs/static/...) say nothing of this API and stay public.
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
      const anonymous = await getAs(production.app, url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.body, url).not.toContain('HostPilot API');
      expect((await getAs(production.app, url, customer)).statusCode, url).toBe(403);
      expect((await getAs(production.app, url, staff)).statusCode, url).toBe(200);
    }
    const spec = (await getAs(production.app, '/api/docs/json', staff)).json();
    expect(spec.info.title).toBe('HostPilot API');
  });

  it('is public again with API_DOCS=public, and gone with API_DOCS=off', async () => {
    const open = await createTestApp({ NODE_ENV: 'production', API_DOCS: 'public' });
    const off = await createTestApp({ NODE_ENV: 'production', API_DOCS: 'off', ...ADMIN_TEST_ENV });
    try {
      expect((await getAs(open.app, '/api/docs/json')).statusCode).toBe(200);
      const staff = await staffSession(off.app, 1);
      expect((await getAs(off.app, '/api/docs/json', staff)).statusCode).toBe(404);
      expect((await getAs(off.app, '/api/docs')).statusCode).toBe(404);
    } finally {
      await open.close();
      await off.close();
    }
  });
});
