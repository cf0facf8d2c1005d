import { ADMIN_ROLE, CUSTOMER_ROLE, DEMO_ADMIN, SUPPORT_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, setRole } from '../../test/admin';
import { fakeClock, login, me, newAccount, PASSWORD, postJson, register, type Session } from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { mailsTo, waitForMail } from '../../test/mail';
import { totpCode } from './two-factor-codes';

const fieldCode = (body: { error: { fields?: Record<string, { code: string }> } }, field: string) =>
  body.error.fields?.[field]?.code;

describe(`two-factor sign-in (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock(Date.UTC(2030, 0, 1, 12, 0, 5));
  // Each test signs in from its own address, so that the per-address code limit of one does not reach another.
  let address = 0;
  const nextAddress = () => ({ remoteAddress: `198.51.100.${(address += 1)}` });

  beforeAll(async () => {
    ctx = await createTestApp({ ...ADMIN_TEST_ENV, RATE_LIMIT_LOGIN_MAX: '5' }, { clock });
  });

  afterAll(async () => {
    await ctx.close();
  });

  function as(session: Pick<Session, 'access_token'>, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${session.access_token}` },
      ...(payload ? { payload } : {}),
    });
  }

  /** The code of the next 30-second step: each accepted code uses its step up, so the clock moves on first. */
  function freshCode(secret: string): string {
    clock.advance(30_000);
    return totpCode(secret, clock.now());
  }

  /** Registers an account and turns two-factor sign-in on; answers the secret and the recovery codes. */
  async function withTwoFactor() {
    const { account, session } = await register(ctx.app, newAccount(), nextAddress());
    const setup = (await as(session, 'POST', '/api/account/two-factor/setup')).json() as { secret: string };
    const enabled = await as(session, 'POST', '/api/account/two-factor/enable', {
      currentPassword: PASSWORD,
      code: freshCode(setup.secret),
    });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    return { account, session, secret: setup.secret, recoveryCodes };
  }

  async function challengeOf(email: string, from = nextAddress()) {
    const response = await login(ctx.app, { email, password: PASSWORD }, from);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { twoFactorRequired: true; challenge: string; expiresAt: number };
    expect(body.twoFactorRequired).toBe(true);
    return body.challenge;
  }

  const secondStep = (body: object, from = nextAddress()) =>
    postJson(ctx.app, '/api/auth/login/two-factor', body, from);

  it('sets up with a QR code and the secret as text, turns on with a first code, and answers ten recovery codes once', async () => {
    const { account, session } = await register(ctx.app, newAccount(), nextAddress());
    const before = await as(session, 'GET', '/api/account/security');
    expect(before.json()).toEqual({
      emailVerified: false,
      twoFactor: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 },
      twoFactorRequired: false,
    });

    const setup = await as(session, 'POST', '/api/account/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrSvg } = setup.json() as { secret: string; otpauthUri: string; qrSvg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain(encodeURIComponent(account.email));
    expect(qrSvg).toMatch(/^<svg /);
    // Kept sealed: the stored row does not hold the secret.
    const stored = await ctx.app.database.db
      .selectFrom('twoFactor')
      .selectAll()
      .where('userId', '=', session.user.id)
      .executeTakeFirstOrThrow();
    expect(stored.secretSealed).not.toContain(secret);
    expect(stored.enabledAt).toBeNull();

    // Not on until a first code confirms it.
    expect((await challengeOrSession(account.email)).access_token).toBeDefined();

    const format = await as(session, 'POST', '/api/account/two-factor/enable', {
      currentPassword: PASSWORD,
      code: '12ab56',
    });
    expect(format.statusCode).toBe(400);
    expect(fieldCode(format.json(), 'code')).toBe('validation.twoFactorCodeFormat');
    const wrong = await as(session, 'POST', '/api/account/two-factor/enable', {
      currentPassword: PASSWORD,
      code: totpCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', clock.now()),
    });
    expect(wrong.statusCode).toBe(400);
    expect(fieldCode(wrong.json(), 'code')).toBe('validation.twoFactorCodeWrong');
    expect((await as(session, 'GET', '/api/account/security')).json().twoFactor.enabled).toBe(false);

    const code = freshCode(secret);
    const enabled = await as(session, 'POST', '/api/account/two-factor/enable', {
      currentPassword: PASSWORD,
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const hashes = await ctx.app.database.db
      .selectFrom('recoveryCodes')
      .select('codeHash')
      .where('userId', '=', session.user.id)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const { codeHash } of hashes) expect(recoveryCodes).not.toContain(codeHash);

    const after = (await as(session, 'GET', '/api/account/security')).json();
    expect(after.twoFactor).toEqual({ enabled: true, enabledAt: clock.now(), recoveryCodesLeft: 10 });
    expect(JSON.stringify(after)).not.toContain(secret);
    await waitForMail(ctx.config, account.email, 'two-factor-enabled');

    // Set-up cannot start again while it is on (the secret is never shown again), nor confirm twice.
    expect((await as(session, 'POST', '/api/account/two-factor/setup')).statusCode).toBe(409);
    const twice = await as(session, 'POST', '/api/account/two-factor/enable', {
      currentPassword: PASSWORD,
      code: freshCode(secret),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('INVALID_STATE');
  });

  /** Signs in with the password only: the session when two-factor sign-in is off. */
  async function challengeOrSession(email: string) {
    const response = await login(ctx.app, { email, password: PASSWORD }, nextAddress());
    expect(response.statusCode).toBe(200);
    return response.json() as Partial<Session> & { challenge?: string };
  }

  it('signs in in two steps: the password answers a challenge, not a session, and the code opens the session', async () => {
    const { account, secret } = await withTwoFactor();
    const first = await challengeOrSession(account.email);
    expect(first.access_token).toBeUndefined();
    expect(first.refresh_token).toBeUndefined();
    expect(first.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The challenge is no access token.
    expect((await me(ctx.app, `Bearer ${first.challenge}`)).statusCode).toBe(401);

    const signedIn = await secondStep({ challenge: first.challenge, code: freshCode(secret) });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json() as Session;
    expect(session.user.email).toBe(account.email);
    expect((await me(ctx.app, `Bearer ${session.access_token}`)).statusCode).toBe(200);

    // The challenge works once.
    const again = await secondStep({ challenge: first.challenge, code: freshCode(secret) });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
  });

  it('refuses a wrong, an expired and a replayed code with their own messages, changing nothing', async () => {
    const { account, secret } = await withTwoFactor();
    const challenge = await challengeOf(account.email);

    const wrongCode = totpCode(secret, clock.now() + 10 * 60_000);
    const wrong = await secondStep({ challenge, code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(fieldCode(wrong.json(), 'code')).toBe('validation.twoFactorCodeWrong');

    const expired = await secondStep({ challenge, code: totpCode(secret, clock.now() - 3 * 60_000) });
    expect(expired.statusCode).toBe(400);
    expect(fieldCode(expired.json(), 'code')).toBe('validation.twoFactorCodeExpired');

    // The refusals left the challenge usable.
    const code = freshCode(secret);
    expect((await secondStep({ challenge, code })).statusCode).toBe(200);

    // The same code, within its window, for a new sign-in: refused as used.
    const replay = await secondStep({ challenge: await challengeOf(account.email), code });
    expect(replay.statusCode).toBe(400);
    expect(fieldCode(replay.json(), 'code')).toBe('validation.twoFactorCodeUsed');
    // So is the code of the step before, which the window would otherwise still accept.
    const earlier = await secondStep({
      challenge: await challengeOf(account.email),
      code: totpCode(secret, clock.now() - 30_000),
    });
    expect(fieldCode(earlier.json(), 'code')).toBe('validation.twoFactorCodeUsed');
  });

  it('refuses an expired, an unknown and a malformed challenge', async () => {
    const { account, secret } = await withTwoFactor();
    const challenge = await challengeOf(account.email);
    clock.advance(5 * 60_000 + 1);
    const late = await secondStep({ challenge, code: totpCode(secret, clock.now()) });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');

    const unknown = await secondStep({ challenge: 'A'.repeat(43), code: '123456' });
    expect(unknown.statusCode).toBe(401);
    const malformed = await secondStep({ challenge: 'not a token!', code: '123456' });
    expect(malformed.statusCode).toBe(400);
    expect(fieldCode(malformed.json(), 'challenge')).toBe('validation.invalidType');
  });

  it('asks for exactly one of a code and a recovery code', async () => {
    const { account, recoveryCodes } = await withTwoFactor();
    const challenge = await challengeOf(account.email);
    const neither = await secondStep({ challenge });
    expect(neither.statusCode).toBe(400);
    expect(fieldCode(neither.json(), 'code')).toBe('validation.twoFactorOneCode');
    const both = await secondStep({ challenge, code: '123456', recoveryCode: recoveryCodes[0] });
    expect(fieldCode(both.json(), 'code')).toBe('validation.twoFactorOneCode');
    const empty = await secondStep({ challenge, code: '' });
    expect(fieldCode(empty.json(), 'code')).toBe('validation.required');
  });

  it('signs in with a recovery code once; the second use is refused with its own message', async () => {
    const { account, session, recoveryCodes } = await withTwoFactor();
    const code = recoveryCodes[3]!;
    const typed = code.toUpperCase().replace('-', ' ');
    const first = await secondStep({ challenge: await challengeOf(account.email), recoveryCode: typed });
    expect(first.statusCode).toBe(200);

    const second = await secondStep({ challenge: await challengeOf(account.email), recoveryCode: code });
    expect(second.statusCode).toBe(400);
    expect(fieldCode(second.json(), 'recoveryCode')).toBe('validation.recoveryCodeUsed');

    const wrong = await secondStep({ challenge: await challengeOf(account.email), recoveryCode: 'abcde-fghjk' });
    expect(fieldCode(wrong.json(), 'recoveryCode')).toBe('validation.recoveryCodeWrong');
    // Another account's code is no code of this one.
    const other = await withTwoFactor();
    const foreign = await secondStep({
      challenge: await challengeOf(account.email),
      recoveryCode: other.recoveryCodes[0],
    });
    expect(fieldCode(foreign.json(), 'recoveryCode')).toBe('validation.recoveryCodeWrong');

    expect((await as(session, 'GET', '/api/account/security')).json().twoFactor.recoveryCodesLeft).toBe(9);
  });

  it('limits codes per account, whatever the address, and per address, whatever the account', async () => {
    const { account, secret } = await withTwoFactor();
    const challenge = await challengeOf(account.email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await secondStep({ challenge, code: '000000' }, { remoteAddress: `2001:db8:${i}::1` });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // The right code too, while limited: nothing is tried.
    const right = await secondStep({ challenge, code: freshCode(secret) }, { remoteAddress: '2001:db8:99::1' });
    expect(right.statusCode).toBe(429);

    // One address guessing across many accounts meets the address limit (RATE_LIMIT_LOGIN_IP_MAX, 50): every
    // address in one IPv6 /64 counts as one.
    // One after another: each set-up moves the shared clock a step, which would expire a parallel one's code.
    const others = [];
    for (let i = 0; i < 3; i += 1) others.push(await withTwoFactor());
    const challenges = await Promise.all(others.map((other) => challengeOf(other.account.email)));
    let limited = 0;
    for (let i = 0; i < 51; i += 1) {
      const response = await secondStep(
        { challenge: challenges[i % 3], code: '000000' },
        { remoteAddress: `2001:db8:77:1::${(i + 1).toString(16)}` },
      );
      if (response.statusCode === 429) limited += 1;
    }
    // Each account allows 5, so the three accounts give 15 wrong codes before their own limit: the rest are 429.
    expect(limited).toBe(36);
    const fresh = await withTwoFactor();
    const fromPrefix = await secondStep(
      { challenge: await challengeOf(fresh.account.email), code: freshCode(fresh.secret) },
      { remoteAddress: '2001:db8:77:1::ffff' },
    );
    expect(fromPrefix.statusCode).toBe(429);
  });

  it('regenerates recovery codes with a code from the app; the old codes stop working', async () => {
    const { account, session, secret, recoveryCodes } = await withTwoFactor();
    const wrong = await as(session, 'POST', '/api/account/two-factor/recovery-codes', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const asRecovery = await as(session, 'POST', '/api/account/two-factor/recovery-codes', {
      recoveryCode: recoveryCodes[0],
    });
    expect(fieldCode(asRecovery.json(), 'code')).toBe('validation.required');

    const renewed = await as(session, 'POST', '/api/account/two-factor/recovery-codes', { code: freshCode(secret) });
    expect(renewed.statusCode).toBe(200);
    const fresh = (renewed.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    await waitForMail(ctx.config, account.email, 'two-factor-recovery-codes');

    const old = await secondStep({ challenge: await challengeOf(account.email), recoveryCode: recoveryCodes[0] });
    expect(fieldCode(old.json(), 'recoveryCode')).toBe('validation.recoveryCodeWrong');
    const renewedCode = await secondStep({ challenge: await challengeOf(account.email), recoveryCode: fresh[0] });
    expect(renewedCode.statusCode).toBe(200);
  });

  it('turns off with a code or a recovery code; a wrong one changes nothing', async () => {
    const { account, session, secret, recoveryCodes } = await withTwoFactor();
    const wrong = await as(session, 'POST', '/api/account/two-factor/disable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await as(session, 'GET', '/api/account/security')).json().twoFactor.enabled).toBe(true);

    const off = await as(session, 'POST', '/api/account/two-factor/disable', { recoveryCode: recoveryCodes[1] });
    expect(off.statusCode).toBe(204);
    await waitForMail(ctx.config, account.email, 'two-factor-disabled');
    expect((await as(session, 'GET', '/api/account/security')).json().twoFactor).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const rows = await ctx.app.database.db
      .selectFrom('recoveryCodes')
      .select('id')
      .where('userId', '=', session.user.id)
      .execute();
    expect(rows).toEqual([]);
    expect((await challengeOrSession(account.email)).access_token).toBeDefined();

    const again = await as(session, 'POST', '/api/account/two-factor/disable', { code: freshCode(secret) });
    expect(again.statusCode).toBe(409);
    expect((await as(session, 'POST', '/api/account/two-factor/recovery-codes', { code: '123456' })).statusCode).toBe(
      409,
    );
  });

  it('requires a signed-in account for every two-factor change', async () => {
    for (const url of ['setup', 'enable', 'disable', 'recovery-codes']) {
      const response = await postJson(ctx.app, `/api/account/two-factor/${url}`, { code: '123456' });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('mails a sign-in from a new device only after the second step', async () => {
    const { account, secret } = await withTwoFactor();
    const device = {
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
    };
    const before = mailsTo(ctx.config, account.email).filter((mail) => mail.template === 'new-sign-in').length;
    const first = await login(ctx.app, { email: account.email, password: PASSWORD }, device);
    const challenge = (first.json() as { challenge: string }).challenge;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mailsTo(ctx.config, account.email).filter((mail) => mail.template === 'new-sign-in')).toHaveLength(before);
    const done = await postJson(ctx.app, '/api/auth/login/two-factor', { challenge, code: freshCode(secret) }, device);
    expect(done.statusCode).toBe(200);
    const mail = await waitForMail(ctx.config, account.email, 'new-sign-in');
    expect(mail.text).toContain('Firefox');
  });
});

describe(`two-factor sign-in required of staff (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock(Date.UTC(2030, 0, 1, 12, 0, 5));

  beforeAll(async () => {
    ctx = await createTestApp(ADMIN_TEST_ENV, { clock });
  });

  afterAll(async () => {
    await ctx.close();
  });

  const as = (session: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${session.access_token}` },
      ...(payload ? { payload } : {}),
    });

  async function staff(role: number) {
    const { session } = await register(ctx.app, newAccount());
    await setRole(ctx.app, session.user.id, role);
    return session;
  }

  async function turnOnTwoFactor(session: Session) {
    const { secret } = (await as(session, 'POST', '/api/account/two-factor/setup')).json() as { secret: string };
    clock.advance(30_000);
    const enabled = await as(session, 'POST', '/api/account/two-factor/enable', {
      currentPassword: PASSWORD,
      code: totpCode(secret, clock.now()),
    });
    expect(enabled.statusCode).toBe(200);
  }

  it('(off in these tests) an administrator turns it on only with two-factor on their own account', async () => {
    const admin = await staff(ADMIN_ROLE);
    expect((await as(admin, 'GET', '/api/admin/settings/security')).json()).toEqual({ requireStaffTwoFactor: false });

    const self = await as(admin, 'PUT', '/api/admin/settings/security', { requireStaffTwoFactor: true });
    expect(self.statusCode).toBe(400);
    expect(fieldCode(self.json(), 'requireStaffTwoFactor')).toBe('validation.twoFactorSelfFirst');
    const malformed = await as(admin, 'PUT', '/api/admin/settings/security', { requireStaffTwoFactor: 'yes' });
    expect(fieldCode(malformed.json(), 'requireStaffTwoFactor')).toBe('validation.invalidType');

    const support = await staff(SUPPORT_ROLE);
    const refused = await as(support, 'PUT', '/api/admin/settings/security', { requireStaffTwoFactor: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');

    await turnOnTwoFactor(admin);
    const on = await as(admin, 'PUT', '/api/admin/settings/security', { requireStaffTwoFactor: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ requireStaffTwoFactor: true });
    const audit = await ctx.app.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'settings.security.update')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actorId: admin.user.id, after: JSON.stringify({ requireStaffTwoFactor: true }) });

    // Staff without two-factor sign-in: refused by every back-office route until they set it up.
    const refusedStaff = await as(support, 'GET', '/api/admin/me/permissions');
    expect(refusedStaff.statusCode).toBe(403);
    expect(refusedStaff.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await as(support, 'GET', '/api/admin/users')).json().error.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await as(support, 'GET', '/api/account/security')).json().twoFactorRequired).toBe(true);
    await turnOnTwoFactor(support);
    expect((await as(support, 'GET', '/api/admin/me/permissions')).statusCode).toBe(200);
    expect((await as(support, 'GET', '/api/account/security')).json().twoFactorRequired).toBe(false);

    // A customer is not staff: the rule does not concern them, and the back office stays closed to them as before.
    const customer = await staff(CUSTOMER_ROLE);
    expect((await as(customer, 'GET', '/api/account/security')).json().twoFactorRequired).toBe(false);
    expect((await as(customer, 'GET', '/api/admin/me/permissions')).json().error.code).toBe('FORBIDDEN');

    const off = await as(admin, 'PUT', '/api/admin/settings/security', { requireStaffTwoFactor: false });
    expect(off.statusCode).toBe(200);
    const newcomer = await staff(SUPPORT_ROLE);
    expect((await as(newcomer, 'GET', '/api/admin/me/permissions')).statusCode).toBe(200);
  });
});

describe(`staff two-factor by default (${DATABASE_UNDER_TEST})`, () => {
  it('is required on a new installation: staff without it reach no back-office route until they set it up', async () => {
    const clock = fakeClock(Date.UTC(2030, 0, 1, 12, 0, 5));
    const ctx = await createTestApp(ADMIN_TEST_ENV, { clock }, { productDefaults: true });
    try {
      const { session } = await register(ctx.app, newAccount());
      await setRole(ctx.app, session.user.id, ADMIN_ROLE);
      const headers = { authorization: `Bearer ${session.access_token}` };
      const refused = await ctx.app.inject({ method: 'GET', url: '/api/admin/me/permissions', headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('TWO_FACTOR_REQUIRED');
      const { secret } = (
        await ctx.app.inject({ method: 'POST', url: '/api/account/two-factor/setup', headers })
      ).json() as { secret: string };
      clock.advance(30_000);
      const enabled = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/two-factor/enable',
        headers,
        payload: { currentPassword: PASSWORD, code: totpCode(secret, clock.now()) },
      });
      expect(enabled.statusCode).toBe(200);
      const settings = await ctx.app.inject({ method: 'GET', url: '/api/admin/settings/security', headers });
      expect(settings.json()).toEqual({ requireStaffTwoFactor: true });
    } finally {
      await ctx.close();
    }
  });

  it('is off on a demo installation, whose administrator password is public, and stays as an administrator sets it', async () => {
    const ctx = await createTestApp({ SEED_DEMO: 'true', SEED_SCALE: '0' }, {}, { productDefaults: true });
    try {
      const signIn = await login(ctx.app, { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
      const headers = { authorization: `Bearer ${signIn.json().access_token}` };
      const settings = await ctx.app.inject({ method: 'GET', url: '/api/admin/settings/security', headers });
      expect(settings.statusCode).toBe(200);
      expect(settings.json()).toEqual({ requireStaffTwoFactor: false });
    } finally {
      await ctx.close();
    }
  });
});
