import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeClock,
  login,
  me,
  newAccount,
  PASSWORD,
  postJson,
  postRaw,
  recordingHasher,
  refreshRowOf,
  register,
} from '../../test/auth';
import { createRedisCounterStore } from '../../lib/redis-counter-store';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';

const INVALID_CREDENTIALS = { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } };

describe(`POST /api/auth/login (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock();
  const hasher = recordingHasher();

  beforeAll(async () => {
    ctx = await createTestApp(
      { RATE_LIMIT_LOGIN_MAX: '1000', RATE_LIMIT_LOGIN_IP_MAX: '1000' },
      { clock, passwords: hasher },
    );
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('signs in with any case and spacing of the e-mail and answers {user, access_token, refresh_token}', async () => {
    const { account, session } = await register(ctx.app);
    const response = await login(ctx.app, { email: `  ${account.email.toUpperCase()} `, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'refresh_token', 'user']);
    expect(body.user).toEqual(session.user);
    expect(body.refresh_token).not.toBe(session.refresh_token);
    expect((await me(ctx.app, `Bearer ${body.access_token}`)).statusCode).toBe(200);
  });

  it('gives the refresh token the longer lifetime with remember: true', async () => {
    const { account } = await register(ctx.app);
    const { jwt } = ctx.config;
    const plain = (await login(ctx.app, { email: account.email, password: PASSWORD })).json();
    const remembered = (await login(ctx.app, { email: account.email, password: PASSWORD, remember: true })).json();
    const short = await refreshRowOf(ctx.app, plain.refresh_token);
    const long = await refreshRowOf(ctx.app, remembered.refresh_token);
    expect(short.expiresAt - short.createdAt).toBe(jwt.refreshTtl * 1000);
    expect(long.expiresAt - long.createdAt).toBe(jwt.refreshRememberTtl * 1000);
    expect(long.familyExpiresAt - long.createdAt).toBe(jwt.familyMaxAge * 1000);
    expect(long.familyId).not.toBe(short.familyId);
  });

  it('answers an unknown e-mail and a wrong password with the same 401 body', async () => {
    const { account } = await register(ctx.app);
    const wrongPassword = await login(ctx.app, { email: account.email, password: 'not the password' });
    const unknownEmail = await login(ctx.app, { email: 'nobody@example.com', password: 'not the password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(INVALID_CREDENTIALS);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(unknownEmail.headers['content-type']).toBe(wrongPassword.headers['content-type']);
  });

  it('runs one argon2id verification for an unknown e-mail too, so timing does not tell them apart', async () => {
    const { account } = await register(ctx.app);
    hasher.verify.mockClear();
    await login(ctx.app, { email: 'nobody-at-all@example.com', password: 'guess-1' });
    expect(hasher.verify).toHaveBeenCalledTimes(1);
    const [dummyHash, password] = hasher.verify.mock.calls[0]!;
    expect(dummyHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(password).toBe('guess-1');
    expect(await hasher.verify.mock.results[0]!.value).toBe(false);

    hasher.verify.mockClear();
    await login(ctx.app, { email: account.email, password: 'guess-2' });
    expect(hasher.verify).toHaveBeenCalledTimes(1);
    expect(hasher.verify.mock.calls[0]![0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('treats SQL-injection strings as data', async () => {
    const { account } = await register(ctx.app);
    for (const password of ["' OR '1'='1", "x' OR 1=1; --", "'; DROP TABLE users; --"]) {
      expect((await login(ctx.app, { email: account.email, password })).json()).toEqual(INVALID_CREDENTIALS);
    }
    for (const email of ["' OR 1=1 --", `${account.email}' --`, "admin@example.com' OR '1'='1"]) {
      const response = await login(ctx.app, { email, password: PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.email.code).toBe('validation.invalidEmail');
    }
    expect((await login(ctx.app, { email: account.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('answers wrong types and missing fields with 400 per field, never 500', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['email', 'password']],
      [{ email: 42, password: ['x'] }, ['email', 'password']],
      [{ email: 'a@example.com', password: { $ne: '' } }, ['password']],
      [{ email: 'a@example.com', password: 'x', remember: 'yes' }, ['remember']],
      [{ email: null, password: null }, ['email', 'password']],
    ];
    for (const [body, fields] of cases) {
      const response = await login(ctx.app, body as Record<string, unknown>);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields).sort()).toEqual(fields);
    }
    const wrongType = await postRaw(
      ctx.app,
      '/api/auth/login',
      'email=a@example.com&password=x',
      'application/x-www-form-urlencoded',
    );
    expect(wrongType.statusCode).toBe(415);
  });

  it('refuses a 129-character password (400) and a 1 MB one (413) without verifying either', async () => {
    const { account } = await register(ctx.app);
    hasher.verify.mockClear();
    const long = await login(ctx.app, { email: account.email, password: 'p'.repeat(129) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.password.code).toBe('validation.passwordMax');
    const huge = await login(ctx.app, { email: account.email, password: 'p'.repeat(1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(hasher.verify).not.toHaveBeenCalled();
  });

  it('logs every attempt with outcome, user id and address, and never a password or token', async () => {
    const { account, session } = await register(ctx.app, newAccount({ password: 'logged-password-123' }));
    await login(ctx.app, { email: account.email, password: 'wrong-password-456' }, { remoteAddress: '192.0.2.55' });
    await login(ctx.app, { email: 'ghost@example.com', password: 'wrong-password-789' });
    const ok = (await login(ctx.app, { email: account.email, password: 'logged-password-123' })).json();
    const lines = ctx
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    const attempts = lines.filter((line) => line.event === 'sign_in');
    expect(attempts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          outcome: 'invalid_credentials',
          email: account.email,
          userId: session.user.id,
          ip: '192.0.2.55',
        }),
        expect.objectContaining({ outcome: 'invalid_credentials', email: 'ghost@example.com', userId: null }),
        expect.objectContaining({ outcome: 'success', email: account.email, userId: session.user.id, ip: '127.0.0.1' }),
      ]),
    );
    const text = ctx.logs();
    for (const secret of [
      'logged-password-123',
      'wrong-password-456',
      'wrong-password-789',
      session.access_token,
      session.refresh_token,
      ok.access_token,
      ok.refresh_token,
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe(`sign-in rate limits (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock();

  beforeAll(async () => {
    ctx = await createTestApp(
      {
        RATE_LIMIT_LOGIN_MAX: '3',
        RATE_LIMIT_LOGIN_IP_MAX: '5',
        RATE_LIMIT_LOGIN_EMAIL_CEILING: '8',
        RATE_LIMIT_LOGIN_WINDOW: '900',
      },
      { clock },
    );
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('limits failed sign-ins per e-mail and address: 429 with Retry-After, even for the right password, until the window ends', async () => {
    const { account } = await register(ctx.app);
    const from = { remoteAddress: '192.0.2.10' };
    for (let i = 0; i < 3; i += 1) {
      expect((await login(ctx.app, { email: account.email, password: 'wrong' }, from)).statusCode).toBe(401);
    }
    const limited = await login(ctx.app, { email: account.email, password: PASSWORD }, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Too many attempts; try again later' } });
    expect(limited.headers['retry-after']).toBe('900');
    expect(limited.headers['cache-control']).toBe('no-store');

    // Another e-mail from the same address is not affected.
    const other = await register(ctx.app);
    const fine = await login(ctx.app, { email: other.account.email, password: PASSWORD }, from);
    expect(fine.statusCode).toBe(200);

    // Nor is the account's owner elsewhere: one address cannot lock somebody else out.
    const owner = await login(ctx.app, { email: account.email, password: PASSWORD }, { remoteAddress: '192.0.2.20' });
    expect(owner.statusCode).toBe(200);

    clock.advance(600_000);
    const later = await login(ctx.app, { email: account.email, password: PASSWORD }, from);
    expect(later.headers['retry-after']).toBe('300');
    clock.advance(300_000);
    expect((await login(ctx.app, { email: account.email, password: PASSWORD }, from)).statusCode).toBe(200);
  });

  it('stops guesses at one e-mail spread over many addresses at the ceiling', async () => {
    const { account } = await register(ctx.app);
    for (let i = 0; i < 8; i += 1) {
      const from = { remoteAddress: `192.0.2.${30 + i}` };
      expect((await login(ctx.app, { email: account.email, password: 'wrong' }, from)).statusCode).toBe(401);
    }
    const limited = await login(ctx.app, { email: account.email, password: PASSWORD }, { remoteAddress: '192.0.2.50' });
    expect(limited.statusCode).toBe(429);
    expect(ctx.logs()).toMatch(/"limit":"email_ceiling"/);
  });

  it('counts an IPv6 client rotating addresses within one /64 as one address', async () => {
    for (let i = 0; i < 5; i += 1) {
      const from = { remoteAddress: `2001:db8:aa:1:${i}::${i + 1}` };
      expect((await login(ctx.app, { email: `v6-${i}@example.com`, password: 'wrong' }, from)).statusCode).toBe(401);
    }
    const { account } = await register(ctx.app, newAccount(), { remoteAddress: '203.0.113.98' });
    const rotated = { remoteAddress: '2001:db8:aa:1:ffff:ffff:ffff:fffe' };
    expect((await login(ctx.app, { email: account.email, password: PASSWORD }, rotated)).statusCode).toBe(429);
    const neighbour = { remoteAddress: '2001:db8:aa:2::1' };
    expect((await login(ctx.app, { email: account.email, password: PASSWORD }, neighbour)).statusCode).toBe(200);

    // The per-e-mail limit too: rotating within the /64 does not buy more guesses at one account.
    const target = await register(ctx.app, newAccount(), { remoteAddress: '203.0.113.98' });
    for (let i = 0; i < 3; i += 1) {
      const from = { remoteAddress: `2001:db8:bb:7::${(i + 1).toString(16)}` };
      expect((await login(ctx.app, { email: target.account.email, password: 'wrong' }, from)).statusCode).toBe(401);
    }
    const again = { remoteAddress: '2001:db8:bb:7:1234::9' };
    expect((await login(ctx.app, { email: target.account.email, password: PASSWORD }, again)).statusCode).toBe(429);
  });

  it('clears the e-mail counter after a successful sign-in', async () => {
    const { account } = await register(ctx.app);
    const from = (i: number) => ({ remoteAddress: `198.51.100.${i}` });
    for (let round = 0; round < 3; round += 1) {
      expect((await login(ctx.app, { email: account.email, password: 'wrong' }, from(round * 3))).statusCode).toBe(401);
      expect((await login(ctx.app, { email: account.email, password: 'wrong' }, from(round * 3 + 1))).statusCode).toBe(
        401,
      );
      expect((await login(ctx.app, { email: account.email, password: PASSWORD }, from(round * 3 + 2))).statusCode).toBe(
        200,
      );
    }
  });

  it('limits failed sign-ins per client address across e-mails', async () => {
    const from = { remoteAddress: '203.0.113.50' };
    for (let i = 0; i < 5; i += 1) {
      expect((await login(ctx.app, { email: `guess${i}@example.com`, password: 'wrong' }, from)).statusCode).toBe(401);
    }
    const { account } = await register(ctx.app, newAccount(), { remoteAddress: '203.0.113.99' });
    const limited = await login(ctx.app, { email: account.email, password: PASSWORD }, from);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await login(ctx.app, { email: account.email, password: PASSWORD }, { remoteAddress: '203.0.113.51' }))
        .statusCode,
    ).toBe(200);
  });

  it('does not count successful sign-ins against the address', async () => {
    const { account } = await register(ctx.app);
    const from = { remoteAddress: '203.0.113.60' };
    for (let i = 0; i < 8; i += 1) {
      expect((await login(ctx.app, { email: account.email, password: PASSWORD }, from)).statusCode).toBe(200);
    }
  });

  it('counts a burst of simultaneous guesses in full', async () => {
    const { account } = await register(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        login(ctx.app, { email: account.email, password: `guess-${i}` }, { remoteAddress: '192.0.2.100' }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('logs rate-limited attempts', async () => {
    expect(ctx.logs()).toMatch(/"event":"sign_in"[^\n]*"outcome":"rate_limited"/);
  });
});

describe(`client address behind a proxy (${DATABASE_UNDER_TEST})`, () => {
  it('uses X-Forwarded-For only when TRUST_PROXY says so', async () => {
    for (const trustProxy of ['10.0.0.1', 'false']) {
      const ctx = await createTestApp({
        RATE_LIMIT_LOGIN_IP_MAX: '2',
        RATE_LIMIT_LOGIN_MAX: '100',
        TRUST_PROXY: trustProxy,
      });
      try {
        const statuses = [];
        for (let i = 0; i < 4; i += 1) {
          const response = await postJson(
            ctx.app,
            '/api/auth/login',
            { email: `someone${i}@example.com`, password: 'wrong' },
            { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': `203.0.113.${i}` } },
          );
          statuses.push(response.statusCode);
        }
        expect(statuses).toEqual(trustProxy === 'false' ? [401, 401, 429, 429] : [401, 401, 401, 401]);
      } finally {
        await ctx.close();
      }
    }
  });
});

describe(`rate-limit store unreachable (${DATABASE_UNDER_TEST})`, () => {
  it('refuses sign-ins with 503 rather than letting them through unlimited', async () => {
    const store = createRedisCounterStore({ url: 'redis://127.0.0.1:1' });
    const ctx = await createTestApp({}, { counterStore: store });
    try {
      const response = await login(ctx.app, { email: 'someone@example.com', password: 'whatever' });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('SERVICE_UNAVAILABLE');
      expect(response.headers['retry-after']).toBe('5');
      const registration = await postJson(ctx.app, '/api/auth/register', newAccount());
      expect(registration.statusCode).toBe(503);
    } finally {
      await ctx.close();
      await store.close();
    }
  });
});
