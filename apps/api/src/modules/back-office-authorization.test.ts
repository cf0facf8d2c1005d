import { ADMIN_ROLE, BILLING_ROLE, CUSTOMER_ROLE, hasPermission, permissionsOf, SUPPORT_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTIONS, ADMIN_ENDPOINTS, ADMIN_TEST_ENV, getAs, setRole, staffSession } from '../test/admin';
import { claimsOf, forgeToken, register, type Session } from '../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../test/helpers';

const UNAUTHORIZED = { error: { code: 'UNAUTHORIZED', message: 'Sign-in required' } };
const FORBIDDEN = { error: { code: 'FORBIDDEN', message: 'You are not allowed to do this' } };
const STAFF_ROLES = [ADMIN_ROLE, SUPPORT_ROLE, BILLING_ROLE];

/** May this role call this endpoint, by the role table of packages/shared? */
function allowed(role: number, access: (typeof ADMIN_ENDPOINTS)[number]['access']): boolean {
  return access === 'staff' ? permissionsOf(role).length > 0 : hasPermission(role, access);
}

describe(`back-office authorization, every /api/admin endpoint (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const sessions = new Map<number, Session>();

  beforeAll(async () => {
    ctx = await createTestApp(ADMIN_TEST_ENV);
    for (const role of [CUSTOMER_ROLE, ADMIN_ROLE, SUPPORT_ROLE, BILLING_ROLE, -1, -2, 4]) {
      sessions.set(role, await staffSession(ctx.app, role));
    }
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('the endpoint table of the tests lists every /api/admin route of the OpenAPI document', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const documented = Object.entries(spec.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual([...ADMIN_ENDPOINTS, ...ADMIN_ACTIONS].map((e) => `${e.method} ${e.path}`).sort());
    for (const endpoint of [...ADMIN_ENDPOINTS, ...ADMIN_ACTIONS]) {
      const operation = spec.paths[endpoint.path][endpoint.method.toLowerCase()];
      expect(operation.security, endpoint.path).toEqual([{ bearerAuth: [] }]);
      const success = 'success' in endpoint ? endpoint.success : '200';
      expect(Object.keys(operation.responses), endpoint.path).toEqual(expect.arrayContaining([success, '401', '403']));
    }
  });

  it.each(ADMIN_ENDPOINTS)('$method $url: anonymous 401, in the error shape', async ({ url }) => {
    const response = await getAs(ctx.app, url);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each(ADMIN_ENDPOINTS)('$method $url: a bad token 401 TOKEN_INVALID', async ({ url }) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer not.a.jwt' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('TOKEN_INVALID');
  });

  it.each(ADMIN_ENDPOINTS)('$method $url: a customer, and roles the model does not name, 403', async ({ url }) => {
    for (const role of [CUSTOMER_ROLE, -1, -2, 4]) {
      const response = await getAs(ctx.app, url, sessions.get(role));
      expect(response.statusCode, `role ${role}`).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN);
    }
  });

  it.each(ADMIN_ENDPOINTS)('$method $url: each staff role as its permissions say', async ({ url, access }) => {
    for (const role of STAFF_ROLES) {
      const response = await getAs(ctx.app, url, sessions.get(role));
      expect(response.statusCode, `role ${role}: ${response.body.slice(0, 200)}`).toBe(
        allowed(role, access) ? 200 : 403,
      );
    }
  });

  it("trusts the database's role, not the token's: a token claiming role 1 for a customer is refused", async () => {
    const customer = sessions.get(CUSTOMER_ROLE)!;
    const forged = await forgeToken({
      secret: ctx.config.jwt.secret,
      claims: { sub: customer.user.id, sid: claimsOf(customer.access_token).sid, role: 1 },
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/me/permissions',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a demoted administrator on the very next call, with the same token', async () => {
    const admin = await staffSession(ctx.app, ADMIN_ROLE);
    const before = await getAs(ctx.app, '/api/admin/me/permissions', admin);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ role: ADMIN_ROLE, permissions: [...permissionsOf(ADMIN_ROLE)] });

    await setRole(ctx.app, admin.user.id, SUPPORT_ROLE);
    const demoted = await getAs(ctx.app, '/api/admin/me/permissions', admin);
    expect(demoted.json()).toEqual({ role: SUPPORT_ROLE, permissions: [...permissionsOf(SUPPORT_ROLE)] });

    await setRole(ctx.app, admin.user.id, CUSTOMER_ROLE);
    for (const { url } of ADMIN_ENDPOINTS) {
      const response = await getAs(ctx.app, url, admin);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN);
    }
  });

  it('refuses a deleted administrator with 401 on the next call', async () => {
    const admin = await staffSession(ctx.app, ADMIN_ROLE);
    expect((await getAs(ctx.app, '/api/admin/me/permissions', admin)).statusCode).toBe(200);
    await ctx.app.database.db.deleteFrom('refreshTokens').where('userId', '=', admin.user.id).execute();
    // The product never removes the row (deletion anonymises it); a row gone by other means is refused too.
    await ctx.app.database.db.deleteFrom('auditLog').where('actorId', '=', admin.user.id).execute();
    await ctx.app.database.db.deleteFrom('users').where('id', '=', admin.user.id).execute();
    for (const { url } of ADMIN_ENDPOINTS) {
      const response = await getAs(ctx.app, url, admin);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
    }
  });

  it('refuses a suspended administrator with 401 on the next call, and admits them again once active', async () => {
    const admin = await staffSession(ctx.app, ADMIN_ROLE);
    const setStatus = (status: 'active' | 'suspended') =>
      ctx.app.database.db.updateTable('users').set({ status }).where('id', '=', admin.user.id).execute();
    await setStatus('suspended');
    for (const { url } of ADMIN_ENDPOINTS) {
      const response = await getAs(ctx.app, url, admin);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
    }
    await setStatus('active');
    expect((await getAs(ctx.app, '/api/admin/me/permissions', admin)).statusCode).toBe(200);
  });

  it('refuses an administrator whose account is marked deleted (anonymised, row kept)', async () => {
    const admin = await staffSession(ctx.app, ADMIN_ROLE);
    await ctx.app.database.db
      .updateTable('users')
      .set({ deletedAt: Date.now() })
      .where('id', '=', admin.user.id)
      .execute();
    expect((await getAs(ctx.app, '/api/admin/me/permissions', admin)).statusCode).toBe(401);
  });

  it('answers a staff member their role and permissions', async () => {
    const response = await getAs(ctx.app, '/api/admin/me/permissions', sessions.get(BILLING_ROLE));
    expect(response.json()).toEqual({ role: BILLING_ROLE, permissions: [...permissionsOf(BILLING_ROLE)] });
  });

  it('a freshly registered account is a customer and gets no back-office data', async () => {
    const { session } = await register(ctx.app);
    expect((await getAs(ctx.app, '/api/admin/me/permissions', session)).statusCode).toBe(403);
  });
});

describe('a back-office route that declares no access', () => {
  it('stops the application from starting', async () => {
    const { default: Fastify } = await import('fastify');
    const { guardStaffScope } = await import('../plugins/authorize');
    const app = Fastify();
    app.decorate('database', { db: {} } as never);
    app.decorate('authenticate', async () => undefined);
    const start = async () => {
      await app.register(
        async (scope) => {
          guardStaffScope(scope);
          scope.get('/open', async () => ({ leaked: true }));
        },
        { prefix: '/api/admin' },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/api\/admin\/open declares no access/);
    await app.close();
  });
});
