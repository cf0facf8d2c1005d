import { ADMIN_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setRole } from '../../test/admin';
import {
  claimsOf,
  fakeClock,
  forgeToken,
  login,
  logout,
  me,
  newAccount,
  PASSWORD,
  postJson,
  refresh,
  register,
  type Session,
} from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { linkToken, mailsTo, waitForMail } from '../../test/mail';
import { totpCode } from './two-factor-codes';

/** Account and session protection of docs/decisions/044-account-protection.md (issue 26, items 4 to 8). */

const NEW_PASSWORD = 'a brand new passphrase';
const fieldCode = (body: { error: { fields?: Record<string, { code: string }> } }, field: string) =>
  body.error.fields?.[field]?.code;

function as(
  ctx: TestContext,
  session: Pick<Session, 'access_token'>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${session.access_token}` },
    ...(payload ? { payload } : {}),
  });
}

const signIn = async (ctx: TestContext, email: string, remoteAddress = '192.0.2.200') => {
  const response = await login(ctx.app, { email, password: PASSWORD }, { remoteAddress });
  expect(response.statusCode).toBe(200);
  return response.json() as Session;
};

describe(`sign-in limits that cannot lock the owner out (${DATABASE_UNDER_TEST})`, () => {
  it('101 wrong sign-ins for an e-mail from one address leave its owner free to sign in elsewhere', async () => {
    const ctx = await createTestApp();
    try {
      const { account } = await register(ctx.app, newAccount(), { remoteAddress: '203.0.113.1' });
      const statuses: number[] = [];
      for (let i = 0; i < 101; i += 1) {
        const from = { remoteAddress: '192.0.2.66' };
        statuses.push((await login(ctx.app, { email: account.email, password: 'wrong' }, from)).statusCode);
      }
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(91);
      const owner = await login(
        ctx.app,
        { email: account.email, password: PASSWORD },
        { remoteAddress: '198.51.100.9' },
      );
      expect(owner.statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  describe('spread over many addresses', () => {
    let ctx: TestContext;

    beforeAll(async () => {
      ctx = await createTestApp({ RATE_LIMIT_LOGIN_MAX: '3', RATE_LIMIT_LOGIN_EMAIL_CEILING: '6' });
    });

    afterAll(async () => {
      await ctx.close();
    });

    it('the ceiling per e-mail stops new addresses but never one the account signed in from before', async () => {
      const { account } = await register(ctx.app, newAccount(), { remoteAddress: '203.0.113.20' });
      for (let i = 0; i < 8; i += 1) {
        await login(ctx.app, { email: account.email, password: 'wrong' }, { remoteAddress: `192.0.2.${10 + i}` });
      }
      const stranger = await login(
        ctx.app,
        { email: account.email, password: PASSWORD },
        { remoteAddress: '192.0.2.99' },
      );
      expect(stranger.statusCode).toBe(429);
      // The owner's address of a previous sign-in (an IPv4 address alone; an IPv6 one by its /64).
      const owner = await login(
        ctx.app,
        { email: account.email, password: PASSWORD },
        { remoteAddress: '203.0.113.20' },
      );
      expect(owner.statusCode).toBe(200);
    });

    it('mails the owner once per burst of failures, in the account’s language', async () => {
      const { account } = await register(ctx.app, newAccount(), {
        remoteAddress: '203.0.113.30',
        headers: { 'accept-language': 'ru' },
      });
      for (let i = 0; i < 6; i += 1) {
        await login(ctx.app, { email: account.email, password: 'wrong' }, { remoteAddress: `192.0.2.${40 + i}` });
      }
      const mail = await waitForMail(ctx.config, account.email, 'sign-in-failures');
      expect(mail.language).toBe('ru');
      expect(mail.subject).toBe('Много неудачных попыток входа');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailsTo(ctx.config, account.email).filter((m) => m.template === 'sign-in-failures')).toHaveLength(1);
    });
  });
});

describe(`password-reset mail limits (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_RESET_MAX: '5' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  const forgot = (email: string, remoteAddress: string) =>
    postJson(ctx.app, '/api/auth/password/forgot', { email }, { remoteAddress });

  it('requests by others for an e-mail never answer its owner’s own request with 429', async () => {
    const { account } = await register(ctx.app);
    for (let i = 0; i < 6; i += 1) expect((await forgot(account.email, `192.0.2.${i + 1}`)).statusCode).toBe(204);
    expect((await forgot(account.email, '198.51.100.50')).statusCode).toBe(204);
    // The e-mail's own limit stops further mails to it, silently.
    await waitForMail(ctx.config, account.email, 'password-reset');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(ctx.config, account.email).filter((m) => m.template === 'password-reset')).toHaveLength(5);
  });

  it('limits the requesting address with 429, and refused requests count against nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) statuses.push((await forgot(`probe${i}@example.com`, '192.0.2.150')).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(204));
    expect(statuses.slice(20)).toEqual([429, 429]);
    expect(Number((await forgot('someone@example.com', '192.0.2.150')).headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgot('someone@example.com', '192.0.2.151')).statusCode).toBe(204);
  });
});

describe(`re-authentication for factor and session changes (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock(Date.UTC(2030, 0, 1, 12, 0, 5));

  beforeAll(async () => {
    ctx = await createTestApp({}, { clock });
  });

  afterAll(async () => {
    await ctx.close();
  });

  const code = (secret: string) => {
    clock.advance(30_000);
    return totpCode(secret, clock.now());
  };

  it('turns two-factor on only with the current password, and ends every other session', async () => {
    const { account, session } = await register(ctx.app);
    const other = await signIn(ctx, account.email);
    const { secret } = (await as(ctx, session, 'POST', '/api/account/two-factor/setup')).json() as { secret: string };

    const bare = await as(ctx, session, 'POST', '/api/account/two-factor/enable', { code: code(secret) });
    expect(bare.statusCode).toBe(400);
    expect(fieldCode(bare.json(), 'currentPassword')).toBe('validation.required');
    const wrong = await as(ctx, session, 'POST', '/api/account/two-factor/enable', {
      code: code(secret),
      currentPassword: 'not my password',
    });
    expect(fieldCode(wrong.json(), 'currentPassword')).toBe('validation.currentPasswordWrong');
    expect((await as(ctx, session, 'GET', '/api/account/security')).json().twoFactor.enabled).toBe(false);

    const enabled = await as(ctx, session, 'POST', '/api/account/two-factor/enable', {
      code: code(secret),
      currentPassword: PASSWORD,
    });
    expect(enabled.statusCode).toBe(200);
    expect((await me(ctx.app, `Bearer ${session.access_token}`)).statusCode).toBe(200);
    expect((await me(ctx.app, `Bearer ${other.access_token}`)).statusCode).toBe(401);
    expect((await refresh(ctx.app, other.refresh_token)).statusCode).toBe(401);

    // Renewing the recovery codes and turning it off end the other sessions too.
    const challenge = async () => {
      const step = await login(ctx.app, { email: account.email, password: PASSWORD }, { remoteAddress: '192.0.2.201' });
      const second = await postJson(ctx.app, '/api/auth/login/two-factor', {
        challenge: step.json().challenge,
        code: code(secret),
      });
      expect(second.statusCode).toBe(200);
      return second.json() as Session;
    };
    const third = await challenge();
    expect(
      (await as(ctx, session, 'POST', '/api/account/two-factor/recovery-codes', { code: code(secret) })).statusCode,
    ).toBe(200);
    expect((await me(ctx.app, `Bearer ${third.access_token}`)).statusCode).toBe(401);
    const fourth = await challenge();
    expect((await as(ctx, session, 'POST', '/api/account/two-factor/disable', { code: code(secret) })).statusCode).toBe(
      204,
    );
    expect((await me(ctx.app, `Bearer ${fourth.access_token}`)).statusCode).toBe(401);
    expect((await me(ctx.app, `Bearer ${session.access_token}`)).statusCode).toBe(200);
  });

  it("ends another device's session, or every other one, only with the current password", async () => {
    const { account, session } = await register(ctx.app);
    const other = await signIn(ctx, account.email);
    const otherId = String(claimsOf(other.access_token).sid);

    const bare = await as(ctx, session, 'DELETE', `/api/auth/sessions/${otherId}`);
    expect(bare.statusCode).toBe(400);
    expect(fieldCode(bare.json(), 'currentPassword')).toBe('validation.required');
    const wrong = await as(ctx, session, 'POST', '/api/auth/sessions/sign-out-others', { currentPassword: 'nope' });
    expect(fieldCode(wrong.json(), 'currentPassword')).toBe('validation.currentPasswordWrong');
    expect((await as(ctx, session, 'POST', '/api/auth/sessions/sign-out-others', {})).statusCode).toBe(400);
    expect((await me(ctx.app, `Bearer ${other.access_token}`)).statusCode).toBe(200);

    const ended = await as(ctx, session, 'DELETE', `/api/auth/sessions/${otherId}`, { currentPassword: PASSWORD });
    expect(ended.statusCode).toBe(204);
    expect((await me(ctx.app, `Bearer ${other.access_token}`)).statusCode).toBe(401);

    // The current session signs itself out without the password.
    const ownId = String(claimsOf(session.access_token).sid);
    expect((await as(ctx, session, 'DELETE', `/api/auth/sessions/${ownId}`)).statusCode).toBe(204);
    expect((await me(ctx.app, `Bearer ${session.access_token}`)).statusCode).toBe(401);
  });

  it('changes the e-mail only with the current password', async () => {
    const { account, session } = await register(ctx.app);
    const body = { firstName: account.firstName, lastName: account.lastName, email: `x.${account.email}` };
    const bare = await as(ctx, session, 'PUT', '/api/users/me', body);
    expect(fieldCode(bare.json(), 'currentPassword')).toBe('validation.required');
    const wrong = await as(ctx, session, 'PUT', '/api/users/me', { ...body, currentPassword: 'nope' });
    expect(fieldCode(wrong.json(), 'currentPassword')).toBe('validation.currentPasswordWrong');
  });
});

describe(`an ended session's access token stops at once (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_RESET_MAX: '50' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('after sign-out', async () => {
    const { session } = await register(ctx.app);
    expect((await me(ctx.app, `Bearer ${session.access_token}`)).statusCode).toBe(200);
    expect((await logout(ctx.app, session.refresh_token)).statusCode).toBe(204);
    const after = await me(ctx.app, `Bearer ${session.access_token}`);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('TOKEN_INVALID');
  });

  it('checks the sign-in in the one statement that reads the account: GET /api/users/me keeps one statement', async () => {
    const { session } = await register(ctx.app);
    const executor = ctx.app.database.db.getExecutor();
    const statements = vi.spyOn(executor, 'executeQuery');
    try {
      expect((await me(ctx.app, `Bearer ${session.access_token}`)).statusCode).toBe(200);
      expect(statements).toHaveBeenCalledTimes(1);
      expect(statements.mock.calls[0]![0].sql).toMatch(/refresh_tokens/);
      await logout(ctx.app, session.refresh_token);
      statements.mockClear();
      expect((await me(ctx.app, `Bearer ${session.access_token}`)).statusCode).toBe(401);
      expect(statements).toHaveBeenCalledTimes(1);
    } finally {
      statements.mockRestore();
    }
  });

  it('after a refresh, the same sign-in goes on with the new access token', async () => {
    const { session } = await register(ctx.app);
    const next = (await refresh(ctx.app, session.refresh_token)).json() as { token: string };
    expect((await me(ctx.app, `Bearer ${next.token}`)).statusCode).toBe(200);
    expect((await me(ctx.app, `Bearer ${session.access_token}`)).statusCode).toBe(200);
  });

  it('after a password change (other sessions) and a password reset (every session)', async () => {
    const { account, session } = await register(ctx.app);
    const other = await signIn(ctx, account.email);
    const changed = await as(ctx, session, 'POST', '/api/auth/password/change', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(204);
    expect((await me(ctx.app, `Bearer ${other.access_token}`)).statusCode).toBe(401);
    expect((await me(ctx.app, `Bearer ${session.access_token}`)).statusCode).toBe(200);

    expect((await postJson(ctx.app, '/api/auth/password/forgot', { email: account.email })).statusCode).toBe(204);
    const token = linkToken(await waitForMail(ctx.config, account.email, 'password-reset'));
    expect((await postJson(ctx.app, '/api/auth/password/reset', { token, password: PASSWORD })).statusCode).toBe(204);
    expect((await me(ctx.app, `Bearer ${session.access_token}`)).statusCode).toBe(401);
  });

  it('on back-office routes too, and a token without its sign-in is refused', async () => {
    const { session } = await register(ctx.app);
    await setRole(ctx.app, session.user.id, ADMIN_ROLE);
    const headers = { authorization: `Bearer ${session.access_token}` };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/me/permissions', headers })).statusCode).toBe(200);
    await logout(ctx.app, session.refresh_token);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/me/permissions', headers })).statusCode).toBe(401);

    const { session: customer } = await register(ctx.app);
    const withoutSession = await forgeToken({ secret: ctx.config.jwt.secret, claims: { sub: customer.user.id } });
    expect((await me(ctx.app, `Bearer ${withoutSession}`)).statusCode).toBe(401);
    const otherSession = await forgeToken({
      secret: ctx.config.jwt.secret,
      claims: { sub: customer.user.id, sid: claimsOf(session.access_token).sid },
    });
    expect((await me(ctx.app, `Bearer ${otherSession}`)).statusCode).toBe(401);
  });
});

describe(`changing the e-mail (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock(Date.now());

  beforeAll(async () => {
    ctx = await createTestApp({ APP_URL: 'https://hostpilot.test' }, { clock });
  });

  afterAll(async () => {
    await ctx.close();
  });

  async function change(session: Session, account: { firstName: string; lastName: string }, email: string) {
    const response = await as(ctx, session, 'PUT', '/api/users/me', {
      firstName: account.firstName,
      lastName: account.lastName,
      email,
      currentPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    return response;
  }

  it('mails the previous address an undo link and the new one a verification link; the new one is unverified until clicked', async () => {
    const { account, session } = await register(ctx.app);
    const verify = linkToken(await waitForMail(ctx.config, account.email, 'verify-email'));
    expect((await postJson(ctx.app, '/api/auth/email/verify', { token: verify })).statusCode).toBe(204);

    const newEmail = `new.${account.email}`;
    expect((await change(session, account, newEmail)).json().email).toBe(newEmail);
    expect((await as(ctx, session, 'GET', '/api/account/security')).json().emailVerified).toBe(false);

    const notice = await waitForMail(ctx.config, account.email, 'email-changed');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('https://hostpilot.test/undo-email-change#');
    const confirm = await waitForMail(ctx.config, newEmail, 'verify-email');
    expect((await postJson(ctx.app, '/api/auth/email/verify', { token: linkToken(confirm) })).statusCode).toBe(204);
    expect((await as(ctx, session, 'GET', '/api/account/security')).json().emailVerified).toBe(true);
  });

  it('the undo link restores the previous address and ends every session, once, for 7 days', async () => {
    const { account, session } = await register(ctx.app);
    const newEmail = `stolen.${account.email}`;
    await change(session, account, newEmail);
    const undo = linkToken(await waitForMail(ctx.config, account.email, 'email-changed'));
    const pending = linkToken(await waitForMail(ctx.config, newEmail, 'verify-email'));

    expect((await postJson(ctx.app, '/api/auth/email/undo', { token: undo })).statusCode).toBe(204);
    expect((await me(ctx.app, `Bearer ${session.access_token}`)).statusCode).toBe(401);
    expect((await refresh(ctx.app, session.refresh_token)).statusCode).toBe(401);
    const back = await signIn(ctx, account.email);
    expect(back.user.email).toBe(account.email);
    expect((await as(ctx, back, 'GET', '/api/account/security')).json().emailVerified).toBe(true);
    expect((await postJson(ctx.app, '/api/auth/email/undo', { token: undo })).json().error.code).toBe('LINK_USED');
    // The link mailed to the address the account no longer has verifies nothing.
    expect((await postJson(ctx.app, '/api/auth/email/verify', { token: pending })).json().error.code).toBe(
      'LINK_INVALID',
    );

    await change(back, account, `later.${account.email}`);
    const notices = () => mailsTo(ctx.config, account.email).filter((mail) => mail.template === 'email-changed');
    for (let i = 0; i < 100 && notices().length < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    const late = linkToken(notices().at(-1)!);
    clock.advance(7 * 24 * 60 * 60 * 1000 + 1);
    expect((await postJson(ctx.app, '/api/auth/email/undo', { token: late })).json().error.code).toBe('LINK_EXPIRED');
  });
});
