import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b64url, claimsOf, fakeClock, forgeToken, me, register, type Session } from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';

const TOKEN_INVALID = { error: { code: 'TOKEN_INVALID', message: 'The access token is not valid' } };
const TOKEN_EXPIRED = { error: { code: 'TOKEN_EXPIRED', message: 'The access token has expired' } };
const UNAUTHORIZED = { error: { code: 'UNAUTHORIZED', message: 'Sign-in required' } };

describe(`GET /api/users/me and access tokens (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let session: Session;
  let secret: string;
  const clock = fakeClock();

  beforeAll(async () => {
    ctx = await createTestApp({}, { clock });
    secret = ctx.config.jwt.secret;
    ({ session } = await register(ctx.app));
  });

  afterAll(async () => {
    await ctx.close();
  });

  /** A token with the app's secret and claims for the registered user, changed as given. */
  const forge = (changes: { claims?: Record<string, unknown>; omit?: string[]; alg?: 'HS512'; secret?: string } = {}) =>
    forgeToken({
      secret: changes.secret ?? secret,
      nowSeconds: Math.floor(clock.now() / 1000),
      claims: { sub: session.user.id, sid: claimsOf(session.access_token).sid, ...changes.claims },
      omit: changes.omit,
      alg: changes.alg,
    });

  async function expectRefused(authorization: string, body: unknown = TOKEN_INVALID) {
    const response = await me(ctx.app, authorization);
    expect(response.statusCode, authorization.slice(0, 80)).toBe(401);
    expect(response.json()).toEqual(body);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(response.headers['cache-control']).toBe('no-store');
  }

  it('answers the user, read from the database, and nothing else', async () => {
    const response = await me(ctx.app, `Bearer ${session.access_token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual(session.user);
    expect(Object.keys(response.json()).sort()).toEqual(['email', 'firstName', 'id', 'lastName', 'role']);
    expect(response.body).not.toMatch(/argon2|hash|password|token/i);

    await ctx.app.database.db
      .updateTable('users')
      .set({ firstName: 'Renamed' })
      .where('id', '=', session.user.id)
      .execute();
    expect((await me(ctx.app, `bearer ${session.access_token}`)).json().firstName).toBe('Renamed');
  });

  it('a token this API signs is accepted (the forging helper is faithful)', async () => {
    expect((await me(ctx.app, `Bearer ${await forge()}`)).statusCode).toBe(200);
  });

  it('answers UNAUTHORIZED without a usable Authorization header', async () => {
    expect((await me(ctx.app)).json()).toEqual(UNAUTHORIZED);
    for (const header of [
      '',
      'Bearer',
      'Bearer ',
      `Basic ${b64url('a:b')}`,
      session.access_token,
      `Token ${session.access_token}`,
    ]) {
      await expectRefused(header, UNAUTHORIZED);
    }
    await expectRefused(`Bearer ${session.access_token} extra`, UNAUTHORIZED);
  });

  it('refuses alg "none" (signed or not)', async () => {
    const payload = b64url(claimsOf(session.access_token));
    await expectRefused(`Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`);
    await expectRefused(`Bearer ${b64url({ alg: 'none' })}.${payload}.${session.access_token.split('.')[2]}`);
    await expectRefused(`Bearer ${b64url({ alg: 'NONE' })}.${payload}.`);
  });

  it('refuses a token signed with another secret or another HMAC algorithm', async () => {
    await expectRefused(`Bearer ${await forge({ secret: randomBytes(32).toString('hex') })}`);
    await expectRefused(`Bearer ${await forge({ alg: 'HS512' })}`);
  });

  it('refuses an edited payload', async () => {
    const [header, , signature] = session.access_token.split('.');
    const elevated = b64url({ ...claimsOf(session.access_token), role: 1 });
    await expectRefused(`Bearer ${header}.${elevated}.${signature}`);
    const otherUser = b64url({ ...claimsOf(session.access_token), sub: 'another-user' });
    await expectRefused(`Bearer ${header}.${otherUser}.${signature}`);
  });

  it('refuses garbage and truncated tokens with 401, never 500', async () => {
    const token = session.access_token;
    const garbage = [
      'x',
      'a.b.c',
      '...',
      '.',
      'e30.e30.e30',
      `${b64url({ alg: 'HS256' })}.not-base64!.sig`,
      `${b64url('just a string')}.${b64url([1, 2])}.AAAA`,
      `${b64url({ alg: 'HS256', crit: ['exp'] })}.${b64url({})}.AAAA`,
      `${b64url({ alg: 'HS256', b64: false, crit: ['b64'] })}.${b64url({})}.AAAA`,
      `${b64url({ alg: 'RS256' })}.${b64url(claimsOf(token))}.AAAA`,
      `${b64url({ alg: 'HS256', jku: 'https://evil.example/keys' })}.${b64url(claimsOf(token))}.AAAA`,
      `${token}.${token}`,
      `${token}x`,
      token.replace(/\./g, ''),
      randomBytes(300).toString('base64url'),
      'A'.repeat(10_000),
      '%00%ff',
      '\u00e9\u00e9.\u00e9.\u00e9',
    ];
    for (let length = 1; length < token.length; length += 7) garbage.push(token.slice(0, length));
    for (const value of garbage) {
      const response = await me(ctx.app, `Bearer ${value}`);
      expect([401], value.slice(0, 60)).toContain(response.statusCode);
      expect(['TOKEN_INVALID', 'UNAUTHORIZED']).toContain(response.json().error.code);
    }
  });

  it('refuses an expired token with TOKEN_EXPIRED', async () => {
    const { session: fresh } = await register(ctx.app);
    clock.advance(ctx.config.jwt.accessTtl * 1000 - 1000);
    expect((await me(ctx.app, `Bearer ${fresh.access_token}`)).statusCode).toBe(200);
    clock.advance(1000);
    await expectRefused(`Bearer ${fresh.access_token}`, TOKEN_EXPIRED);
  });

  it('refuses a token without exp, iat or sub, or with an empty sub', async () => {
    await expectRefused(`Bearer ${await forge({ omit: ['exp'] })}`);
    await expectRefused(`Bearer ${await forge({ omit: ['iat'] })}`);
    await expectRefused(`Bearer ${await forge({ omit: ['sub'] })}`);
    await expectRefused(`Bearer ${await forge({ claims: { sub: '' } })}`);
  });

  it('refuses a wrong issuer or audience', async () => {
    await expectRefused(`Bearer ${await forge({ claims: { iss: 'someone-else' } })}`);
    await expectRefused(`Bearer ${await forge({ claims: { aud: 'another-app' } })}`);
    await expectRefused(`Bearer ${await forge({ omit: ['iss'] })}`);
    await expectRefused(`Bearer ${await forge({ omit: ['aud'] })}`);
  });

  it('refuses a token that is not an access token (typ) or has a role that is not a whole number', async () => {
    await expectRefused(`Bearer ${await forge({ omit: ['typ'] })}`);
    await expectRefused(`Bearer ${await forge({ claims: { typ: 'refresh' } })}`);
    await expectRefused(`Bearer ${await forge({ claims: { role: '1' } })}`);
    await expectRefused(`Bearer ${await forge({ claims: { role: 0.5 } })}`);
  });

  it('refuses a refresh token used as an access token', async () => {
    await expectRefused(`Bearer ${session.refresh_token}`);
  });

  it('refuses a valid token whose user no longer exists', async () => {
    const { session: doomed } = await register(ctx.app);
    // Audit entries reference the account; the product anonymises rather than removes it (decision 027).
    await ctx.app.database.db.deleteFrom('auditLog').where('actorId', '=', doomed.user.id).execute();
    await ctx.app.database.db.deleteFrom('users').where('id', '=', doomed.user.id).execute();
    await expectRefused(`Bearer ${doomed.access_token}`, UNAUTHORIZED);
  });

  it('refuses a valid token whose account is suspended or deleted, on every route, and takes it back once active again', async () => {
    const { session: other } = await register(ctx.app);
    const setAccount = (changes: { status?: 'active' | 'suspended'; deletedAt?: number | null }) =>
      ctx.app.database.db.updateTable('users').set(changes).where('id', '=', other.user.id).execute();
    const summary = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/dashboard/summary',
        headers: { authorization: `Bearer ${other.access_token}` },
      });
    expect((await summary()).statusCode).toBe(200);
    await setAccount({ status: 'suspended' });
    await expectRefused(`Bearer ${other.access_token}`, UNAUTHORIZED);
    expect((await summary()).statusCode).toBe(401);
    await setAccount({ status: 'active' });
    expect((await me(ctx.app, `Bearer ${other.access_token}`)).json()).toEqual(other.user);
    await setAccount({ deletedAt: clock.now() });
    await expectRefused(`Bearer ${other.access_token}`, UNAUTHORIZED);
  });
});
