import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf, fakeClock, me, newAccount, postJson, postRaw, recordingHasher, register } from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';

describe(`POST /api/auth/register (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock();
  const hasher = recordingHasher();

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_REGISTER_MAX: '1000' }, { clock, passwords: hasher });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('creates a customer and answers exactly {user, access_token, refresh_token}', async () => {
    const account = newAccount({ firstName: 'Grace', lastName: 'Hopper' });
    const response = await postJson(ctx.app, '/api/auth/register', account);
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'refresh_token', 'user']);
    expect(body.user).toEqual({
      id: expect.any(String),
      firstName: 'Grace',
      lastName: 'Hopper',
      email: account.email,
      role: 0,
    });
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = claimsOf(body.access_token);
    expect(claims).toMatchObject({ sub: body.user.id, role: 0, typ: 'access', iss: 'hostpilot', aud: 'hostpilot-web' });
    expect(claims.exp).toBe(Math.floor(clock.now() / 1000) + ctx.config.jwt.accessTtl);
    expect((await me(ctx.app, `Bearer ${body.access_token}`)).json()).toEqual(body.user);
  });

  it('stores an argon2id hash and the refresh token only as its SHA-256', async () => {
    const { account, session } = await register(ctx.app);
    const db = ctx.app.database.db;
    const user = await db.selectFrom('users').selectAll().where('id', '=', session.user.id).executeTakeFirstOrThrow();
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.passwordHash).not.toContain(account.password);
    const tokens = await db.selectFrom('refreshTokens').selectAll().where('userId', '=', session.user.id).execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).toBe(createHash('sha256').update(session.refresh_token).digest('hex'));
    expect(JSON.stringify(tokens)).not.toContain(session.refresh_token);
  });

  it('ignores a role and any other unexpected field in the body', async () => {
    const response = await postJson(ctx.app, '/api/auth/register', {
      ...newAccount(),
      role: 1,
      isAdmin: true,
      id: 'chosen-id',
      passwordHash: 'x',
    });
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user.role).toBe(0);
    expect(user.id).not.toBe('chosen-id');
    const stored = await ctx.app.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(stored).toMatchObject({ role: 0 });
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses __proto__ and constructor keys as malformed, creating nothing', async () => {
    const account = newAccount();
    for (const poison of ['"__proto__": {"role": 1}', '"constructor": {"prototype": {"role": 1}}']) {
      const response = await postRaw(
        ctx.app,
        '/api/auth/register',
        `{"firstName":"A","lastName":"B","email":"${account.email}","password":"${account.password}",${poison}}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('MALFORMED_JSON');
    }
    const stored = await ctx.app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', account.email)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('answers 409 EMAIL_TAKEN for an e-mail already registered, in another case or with spaces', async () => {
    const { account } = await register(ctx.app);
    for (const email of [account.email, account.email.toUpperCase(), `  ${account.email.replace('ada', 'ADA')}  `]) {
      const response = await postJson(ctx.app, '/api/auth/register', { ...account, email });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: { code: 'EMAIL_TAKEN', message: 'An account with this e-mail already exists' },
      });
    }
  });

  it('lets only one of two simultaneous registrations of one e-mail through', async () => {
    const account = newAccount();
    const answers = await Promise.all([
      postJson(ctx.app, '/api/auth/register', account),
      postJson(ctx.app, '/api/auth/register', { ...account, email: account.email.toUpperCase() }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('stores SQL-injection strings as plain text', async () => {
    const injections = ["Robert'); DROP TABLE users;--", "' OR '1'='1"];
    const { session } = await register(
      ctx.app,
      newAccount({ firstName: injections[0], lastName: injections[1], password: "'; DELETE FROM sessions --" }),
    );
    expect(session.user).toMatchObject({ firstName: injections[0], lastName: injections[1] });
    const count = await ctx.app.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(1);
  });

  it('answers 400 with a message per field for missing, empty and wrongly typed fields', async () => {
    const missing = await postJson(ctx.app, '/api/auth/register', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        firstName: { code: 'validation.required', message: 'Required' },
        lastName: { code: 'validation.required', message: 'Required' },
        email: { code: 'validation.required', message: 'Required' },
        password: { code: 'validation.required', message: 'Required' },
      },
    });

    const empty = await postJson(ctx.app, '/api/auth/register', {
      firstName: '  ',
      lastName: '',
      email: 'not-an-email',
      password: 'short',
    });
    expect(empty.json().error.fields).toEqual({
      firstName: { code: 'validation.required', message: 'Required' },
      lastName: { code: 'validation.required', message: 'Required' },
      email: { code: 'validation.invalidEmail', message: 'Invalid email address' },
      password: { code: 'validation.passwordMin', message: 'Must be at least 8 characters' },
    });

    for (const wrong of [
      { firstName: 1, lastName: ['B'], email: { a: 1 }, password: 12345678 },
      { firstName: null, lastName: true, email: 5, password: null },
    ]) {
      const response = await postJson(ctx.app, '/api/auth/register', wrong);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields).sort()).toEqual(['email', 'firstName', 'lastName', 'password']);
    }

    for (const body of ['[]', '"text"', '42', 'null']) {
      const response = await postRaw(ctx.app, '/api/auth/register', body);
      expect(response.statusCode).toBe(400);
    }
  });

  it('checks the password length before hashing: 129 characters is 400, 128 is accepted', async () => {
    hasher.hash.mockClear();
    const tooLong = await postJson(ctx.app, '/api/auth/register', newAccount({ password: 'p'.repeat(129) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toEqual({
      password: { code: 'validation.passwordMax', message: 'Must be at most 128 characters' },
    });
    expect(hasher.hash).not.toHaveBeenCalled();
    const longest = await postJson(ctx.app, '/api/auth/register', newAccount({ password: 'p'.repeat(128) }));
    expect(longest.statusCode).toBe(201);
    expect(hasher.hash).toHaveBeenCalledTimes(1);
  });

  it('refuses a 1 MB password without hashing it', async () => {
    hasher.hash.mockClear();
    const response = await postJson(ctx.app, '/api/auth/register', newAccount({ password: 'p'.repeat(1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(hasher.hash).not.toHaveBeenCalled();
  });
});

describe(`registration rate limit (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock();

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_REGISTER_MAX: '2', RATE_LIMIT_REGISTER_WINDOW: '600' }, { clock });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('answers 429 RATE_LIMITED with Retry-After past the limit per client address', async () => {
    const from = { remoteAddress: '203.0.113.7' };
    await register(ctx.app, newAccount(), from);
    await register(ctx.app, newAccount(), from);
    const limited = await postJson(ctx.app, '/api/auth/register', newAccount(), from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Too many attempts; try again later' } });
    expect(limited.headers['retry-after']).toBe('600');
    expect(limited.headers['cache-control']).toBe('no-store');

    clock.advance(599_000);
    const stillLimited = await postJson(ctx.app, '/api/auth/register', newAccount(), from);
    expect(stillLimited.headers['retry-after']).toBe('1');

    // Another address is not affected; after the window the first one may register again.
    await register(ctx.app, newAccount(), { remoteAddress: '203.0.113.8' });
    clock.advance(1_000);
    await register(ctx.app, newAccount(), from);
  });

  it('counts refused registrations (409) against the address as well', async () => {
    const from = { remoteAddress: '198.51.100.1' };
    const { account } = await register(ctx.app, newAccount(), from);
    expect((await postJson(ctx.app, '/api/auth/register', account, from)).statusCode).toBe(409);
    expect((await postJson(ctx.app, '/api/auth/register', account, from)).statusCode).toBe(429);
  });
});
