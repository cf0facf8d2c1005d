import { DEMO_ADMIN, DEMO_CUSTOMER } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, login, newAccount, PASSWORD, postJson, refresh, register, type Session } from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { linkToken, mailsTo, waitForMail } from '../../test/mail';

const NEW_PASSWORD = 'a brand new passphrase';

function authed(
  ctx: TestContext,
  session: Pick<Session, 'access_token'>,
  method: 'GET' | 'POST' | 'DELETE',
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

const fieldCode = (body: { error: { fields?: Record<string, { code: string }> } }, field: string) =>
  body.error.fields?.[field]?.code;

describe(`password reset (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock(Date.now());

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_RESET_MAX: '3', APP_URL: 'https://hostpilot.test' }, { clock });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('answers the same whether or not the account exists, and mails a link only to a real account', async () => {
    const { account } = await register(ctx.app);
    const known = await postJson(ctx.app, '/api/auth/password/forgot', { email: account.email });
    const unknown = await postJson(ctx.app, '/api/auth/password/forgot', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(unknown.body).toBe(known.body);
    const mail = await waitForMail(ctx.config, account.email, 'password-reset');
    expect(mail.text).toContain('https://hostpilot.test/reset-password#');
    expect(mail.text).toContain('30 minutes');
    expect(mailsTo(ctx.config, 'nobody-here@example.com')).toEqual([]);
    // Only the hash is stored.
    const stored = await ctx.app.database.db.selectFrom('accountTokens').select('tokenHash').execute();
    expect(stored.map((row) => row.tokenHash)).not.toContain(linkToken(mail));
  });

  it('sets the password once, ends every session, and refuses the link afterwards', async () => {
    const { account, session } = await register(ctx.app);
    const other = (await login(ctx.app, { email: account.email, password: PASSWORD })).json() as Session;
    await postJson(ctx.app, '/api/auth/password/forgot', { email: account.email });
    const token = linkToken(await waitForMail(ctx.config, account.email, 'password-reset'));

    const common = await postJson(ctx.app, '/api/auth/password/reset', { token, password: 'password1' });
    expect(common.statusCode).toBe(400);
    expect(fieldCode(common.json(), 'password')).toBe('validation.passwordCommon');

    const reset = await postJson(ctx.app, '/api/auth/password/reset', { token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(204);
    expect((await refresh(ctx.app, session.refresh_token)).statusCode).toBe(401);
    expect((await refresh(ctx.app, other.refresh_token)).statusCode).toBe(401);
    expect((await login(ctx.app, { email: account.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await login(ctx.app, { email: account.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    await waitForMail(ctx.config, account.email, 'password-changed');

    const again = await postJson(ctx.app, '/api/auth/password/reset', { token, password: 'yet another passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('LINK_USED');
  });

  it('refuses an altered link and an expired one, changing nothing', async () => {
    const { account } = await register(ctx.app);
    await postJson(ctx.app, '/api/auth/password/forgot', { email: account.email });
    const token = linkToken(await waitForMail(ctx.config, account.email, 'password-reset'));
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const bad = await postJson(ctx.app, '/api/auth/password/reset', { token: altered, password: NEW_PASSWORD });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('LINK_INVALID');
    clock.advance(30 * 60 * 1000 + 1);
    const late = await postJson(ctx.app, '/api/auth/password/reset', { token, password: NEW_PASSWORD });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('LINK_EXPIRED');
    expect((await login(ctx.app, { email: account.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('makes an earlier link stop working when a new one is sent', async () => {
    const { account } = await register(ctx.app);
    await postJson(ctx.app, '/api/auth/password/forgot', { email: account.email });
    const first = linkToken(await waitForMail(ctx.config, account.email, 'password-reset'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await postJson(ctx.app, '/api/auth/password/forgot', { email: account.email });
    let second = first;
    for (let i = 0; i < 100 && second === first; i += 1) {
      second = linkToken(await waitForMail(ctx.config, account.email, 'password-reset'));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(second).not.toBe(first);
    const old = await postJson(ctx.app, '/api/auth/password/reset', { token: first, password: NEW_PASSWORD });
    expect(old.json().error.code).toBe('LINK_USED');
    expect(
      (await postJson(ctx.app, '/api/auth/password/reset', { token: second, password: NEW_PASSWORD })).statusCode,
    ).toBe(204);
  });

  it('limits reset mails per e-mail without refusing the request (docs/decisions/044-account-protection.md)', async () => {
    const { account } = await register(ctx.app);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await postJson(ctx.app, '/api/auth/password/forgot', { email: account.email })).statusCode);
    }
    expect(statuses).toEqual([204, 204, 204, 204]);
    await waitForMail(ctx.config, account.email, 'password-reset');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(ctx.config, account.email).filter((mail) => mail.template === 'password-reset')).toHaveLength(3);
  });

  it('refuses malformed bodies with field errors', async () => {
    const response = await postJson(ctx.app, '/api/auth/password/reset', { token: 'has spaces', password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(fieldCode(response.json(), 'token')).toBe('validation.invalidType');
    expect(fieldCode(response.json(), 'password')).toBe('validation.passwordMin');
  });
});

describe(`password change (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_LOGIN_MAX: '3' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('asks for the right current password, refuses common and unchanged passwords, and changes nothing then', async () => {
    const { account, session } = await register(ctx.app);
    const change = (currentPassword: string, newPassword: string) =>
      authed(ctx, session, 'POST', '/api/auth/password/change', { currentPassword, newPassword });
    const wrong = await change('not the password', NEW_PASSWORD);
    expect(wrong.statusCode).toBe(400);
    expect(fieldCode(wrong.json(), 'currentPassword')).toBe('validation.currentPasswordWrong');
    const common = await change(PASSWORD, 'iloveyou');
    expect(fieldCode(common.json(), 'newPassword')).toBe('validation.passwordCommon');
    const same = await change(PASSWORD, PASSWORD);
    expect(fieldCode(same.json(), 'newPassword')).toBe('validation.passwordSame');
    expect((await login(ctx.app, { email: account.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('changes the password, keeps this session and ends every other one, and mails the account', async () => {
    const { account, session } = await register(ctx.app);
    const other = (await login(ctx.app, { email: account.email, password: PASSWORD })).json() as Session;
    const response = await authed(ctx, session, 'POST', '/api/auth/password/change', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(204);
    expect((await refresh(ctx.app, other.refresh_token)).statusCode).toBe(401);
    expect((await refresh(ctx.app, session.refresh_token)).statusCode).toBe(200);
    expect((await login(ctx.app, { email: account.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    const mail = await waitForMail(ctx.config, account.email, 'password-changed');
    expect(mail.subject).toBe('Your password was changed');
  });

  it('counts wrong current passwords against the sign-in limit', async () => {
    const { session } = await register(ctx.app);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await authed(ctx, session, 'POST', '/api/auth/password/change', {
        currentPassword: `guess ${i}`,
        newPassword: NEW_PASSWORD,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('requires a signed-in user', async () => {
    const response = await postJson(ctx.app, '/api/auth/password/change', {
      currentPassword: 'a',
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a common password at registration', async () => {
    const response = await postJson(ctx.app, '/api/auth/register', newAccount({ password: 'qwerty123' }));
    expect(response.statusCode).toBe(400);
    expect(fieldCode(response.json(), 'password')).toBe('validation.passwordCommon');
  });
});

describe(`e-mail verification (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_RESET_MAX: '2' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('mails a link at registration, which verifies the address once', async () => {
    const { account, session } = await register(ctx.app, newAccount(), {
      headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
    });
    expect((await authed(ctx, session, 'GET', '/api/account/security')).json()).toMatchObject({ emailVerified: false });
    const mail = await waitForMail(ctx.config, account.email, 'verify-email');
    expect(mail.language).toBe('ru');
    expect(mail.subject).toBe('Подтвердите адрес электронной почты');
    const token = linkToken(mail);
    expect((await postJson(ctx.app, '/api/auth/email/verify', { token })).statusCode).toBe(204);
    expect((await authed(ctx, session, 'GET', '/api/account/security')).json()).toMatchObject({ emailVerified: true });
    const again = await postJson(ctx.app, '/api/auth/email/verify', { token });
    expect(again.json().error.code).toBe('LINK_USED');
    expect((await postJson(ctx.app, '/api/auth/email/verify', { token: 'x'.repeat(43) })).json().error.code).toBe(
      'LINK_INVALID',
    );
  });

  it('sends the mail again on request, within a limit, and not once verified', async () => {
    const { account, session } = await register(ctx.app);
    await waitForMail(ctx.config, account.email, 'verify-email');
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await authed(ctx, session, 'POST', '/api/auth/email/resend')).statusCode);
    expect(statuses).toEqual([204, 204, 429]);
  });
});

describe(`sessions (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
  const SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  beforeAll(async () => {
    ctx = await createTestApp({ SEED_DEMO: 'true' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  const signIn = (email: string, userAgent: string, remoteAddress = '192.0.2.1', password = PASSWORD) =>
    postJson(
      ctx.app,
      '/api/auth/login',
      { email, password },
      { remoteAddress, headers: { 'user-agent': userAgent } },
    ).then((r) => r.json() as Session);

  it('lists active sign-ins with device, address and times, the current one marked', async () => {
    const { account } = await register(ctx.app, newAccount(), { headers: { 'user-agent': FIREFOX } });
    const phone = await signIn(account.email, SAFARI, '2001:db8::5');
    const list = (await authed(ctx, phone, 'GET', '/api/auth/sessions')).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ device: 'Safari · iOS', address: '2001:db8::5', current: true });
    expect(list[1]).toMatchObject({ device: 'Firefox · Linux', current: false });
    expect(list[1].startedAt).toBeLessThanOrEqual(list[1].lastUsedAt);
  });

  it('signs one session out, or every other one, and answers 404 for another account’s session', async () => {
    const { account, session } = await register(ctx.app);
    const second = await signIn(account.email, FIREFOX);
    const third = await signIn(account.email, SAFARI);
    const list = (await authed(ctx, session, 'GET', '/api/auth/sessions')).json() as { id: string; current: boolean }[];
    const secondId = list.find((s) => !s.current && s.id !== list.find((x) => x.current)!.id)!.id;

    const stranger = await register(ctx.app);
    const foreign = await authed(ctx, stranger.session, 'DELETE', `/api/auth/sessions/${secondId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    expect((await authed(ctx, stranger.session, 'DELETE', '/api/auth/sessions/no-such-id')).statusCode).toBe(404);

    expect((await authed(ctx, session, 'DELETE', `/api/auth/sessions/${secondId}`)).statusCode).toBe(400);
    expect(
      (await authed(ctx, session, 'DELETE', `/api/auth/sessions/${secondId}`, { currentPassword: PASSWORD }))
        .statusCode,
    ).toBe(204);
    expect((await authed(ctx, session, 'GET', '/api/auth/sessions')).json()).toHaveLength(2);

    expect(
      (await authed(ctx, session, 'POST', '/api/auth/sessions/sign-out-others', { currentPassword: PASSWORD }))
        .statusCode,
    ).toBe(204);
    expect((await refresh(ctx.app, second.refresh_token)).statusCode).toBe(401);
    expect((await refresh(ctx.app, third.refresh_token)).statusCode).toBe(401);
    expect((await refresh(ctx.app, session.refresh_token)).statusCode).toBe(200);
  });

  it('mails the account about a sign-in from a new device only', async () => {
    const { account } = await register(ctx.app, newAccount(), { headers: { 'user-agent': FIREFOX } });
    await signIn(account.email, FIREFOX);
    await signIn(account.email, SAFARI, '198.51.100.4');
    const mail = await waitForMail(ctx.config, account.email, 'new-sign-in');
    expect(mail.text).toContain('Safari · iOS, address 198.51.100.4');
    await signIn(account.email, SAFARI, '198.51.100.5');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mailsTo(ctx.config, account.email).filter((m) => m.template === 'new-sign-in')).toHaveLength(1);
  });

  it('lets an administrator, and only one, end every session of a user', async () => {
    const { account, session } = await register(ctx.app);
    const customer = await signIn(DEMO_CUSTOMER.email, FIREFOX, '192.0.2.1', DEMO_CUSTOMER.password);
    const admin = await signIn(DEMO_ADMIN.email, FIREFOX, '192.0.2.1', DEMO_ADMIN.password);
    const url = `/api/admin/users/${session.user.id}/sessions/end`;
    expect((await authed(ctx, customer, 'POST', url)).statusCode).toBe(403);
    expect((await refresh(ctx.app, session.refresh_token)).statusCode).toBe(200);
    expect((await authed(ctx, admin, 'POST', '/api/admin/users/no-such-user/sessions/end')).statusCode).toBe(404);
    const refreshed = (await login(ctx.app, { email: account.email, password: PASSWORD })).json() as Session;
    expect((await authed(ctx, admin, 'POST', url)).statusCode).toBe(204);
    expect((await refresh(ctx.app, refreshed.refresh_token)).statusCode).toBe(401);
  });
});
