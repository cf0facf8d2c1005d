import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, login, me, newAccount, PASSWORD, register } from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { mailsTo, waitForMail } from '../../test/mail';
import { totpCode } from './two-factor-codes';

const INPUT = 'border-slate-300 focus:border-brand-500 focus:ring-brand-500/20';

/** A dist/ with the sign-in and forgot-password pages as the build prerenders them (their forms, a script). */
function writeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-auth-form-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><div id="root"></div>');
  const pages = path.join(dist, 'pages');
  for (const language of ['en', 'ru']) {
    fs.mkdirSync(path.join(pages, language), { recursive: true });
    const page = (title: string, form: string) =>
      `<!doctype html><html lang="${language}"><head><title>${title} | HostPilot</title>` +
      '<link rel="modulepreload" href="/assets/a.js"></head><body><script src="/assets/boot.js"></script>' +
      `<div id="root"><main><h1 class="h">${title}</h1><p class="i">Intro</p>${form}</main></div></body></html>`;
    fs.writeFileSync(
      path.join(pages, language, 'login.html'),
      page(
        'Sign in',
        '<form method="post" action="/api/auth/login/form" noValidate="" class="space-y-5">' +
          `<input type="hidden" name="lng" value="${language}"/>` +
          `<input class="${INPUT}" type="email" id="e1" aria-invalid="false" name="email"/>` +
          `<input class="${INPUT}" id="p1" aria-invalid="false" type="password" name="password"/>` +
          '<input id="r1" type="checkbox" name="remember"/><button type="submit" class="btn">Sign in</button></form>',
      ),
    );
    fs.writeFileSync(
      path.join(pages, language, 'forgot-password.html'),
      page(
        'Forgot',
        '<form method="post" action="/api/auth/password/forgot/form" noValidate="" class="space-y-5">' +
          `<input type="hidden" name="lng" value="${language}"/>` +
          `<input class="${INPUT}" type="email" id="f1" aria-invalid="false" name="email"/>` +
          '<button type="submit" class="btn">Send</button></form>',
      ),
    );
    fs.writeFileSync(
      path.join(pages, language, 'register.html'),
      page(
        'Register',
        `<nav aria-label="${language === 'ru' ? 'Шаги регистрации' : 'Registration steps'}" class="mb-6"><p>1 / 2</p></nav>` +
          '<form method="post" action="/api/auth/register/form" noValidate="">' +
          `<input type="hidden" name="lng" value="${language}"/>` +
          `<input class="${INPUT}" id="n1" aria-invalid="false" name="firstName"/>` +
          `<input class="${INPUT}" id="n2" aria-invalid="false" name="lastName"/>` +
          '<button type="submit" class="btn w-full" name="step" value="1">Continue</button></form>',
      ),
    );
    fs.writeFileSync(path.join(pages, language, '404.html'), page('Not found', ''));
  }
  fs.writeFileSync(
    path.join(pages, 'manifest.json'),
    JSON.stringify({
      origin: 'https://prerender.hostpilot.invalid',
      languages: ['en', 'ru'],
      routes: { '/login': 'login.html', '/forgot-password': 'forgot-password.html', '/register': 'register.html' },
      notFound: '404.html',
      clientPrefixes: ['/dashboard'],
    }),
  );
  return dist;
}

describe(`sign-in and the password reset without JavaScript (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let dist: string;
  const clock = fakeClock(Date.UTC(2030, 0, 1, 12, 0, 5));
  let address = 0;
  const nextAddress = () => `198.51.100.${(address += 1)}`;

  beforeAll(async () => {
    dist = writeDist();
    ctx = await createTestApp(
      { WEB_DIST: dist, RATE_LIMIT_LOGIN_MAX: '3', RATE_LIMIT_RESET_MAX: '1', RATE_LIMIT_REGISTER_MAX: '1000' },
      { clock, serveWebApp: true },
    );
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const post = (url: string, fields: Record<string, string>, ip: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'shop.example', ...headers },
      remoteAddress: ip,
    });
  const cookiesOf = (response: { headers: Record<string, unknown> }) =>
    [response.headers['set-cookie']].flat() as string[];
  const handoff = (cookie: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/handoff', headers: { cookie, host: 'shop.example', ...headers } });

  it('signs in with a redirect to the dashboard and a one-time hand-off the app exchanges for its session', async () => {
    const account = newAccount();
    await register(ctx.app, account, { remoteAddress: nextAddress() });
    const posted = await post(
      '/api/auth/login/form',
      { lng: 'ru', email: ` ${account.email.toUpperCase()} `, password: PASSWORD, remember: 'on' },
      nextAddress(),
      { origin: 'http://shop.example', 'sec-fetch-site': 'same-origin' },
    );
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/dashboard?lng=ru');
    const [secret, marker] = cookiesOf(posted);
    expect(secret).toMatch(/^hp_handoff=[^;]+; Path=\/api\/auth\/handoff; Max-Age=300; HttpOnly; SameSite=Strict$/);
    expect(marker).toBe('hp_signed_in=1; Path=/; Max-Age=300; SameSite=Strict');

    const cookie = secret!.split(';')[0]!;
    const taken = await handoff(`${cookie}; hp_signed_in=1`);
    expect(taken.statusCode).toBe(200);
    const session = taken.json<{
      user: { email: string };
      access_token: string;
      refresh_token: string;
      remember: boolean;
    }>();
    expect(session.user.email).toBe(account.email);
    expect(session.remember).toBe(true);
    expect(cookiesOf(taken).every((line) => line.includes('Max-Age=0'))).toBe(true);
    expect((await me(ctx.app, `Bearer ${session.access_token}`)).statusCode).toBe(200);

    // The cookie's token worked once: a second use ends that sign-in, the app's tokens with it.
    expect((await handoff(cookie)).statusCode).toBe(401);
    expect((await handoff('')).statusCode).toBe(401);
  });

  it('answers refused sign-ins with the page again, translated, the e-mail kept and never the password', async () => {
    const account = newAccount();
    await register(ctx.app, account, { remoteAddress: nextAddress() });
    const ip = nextAddress();
    const wrong = await post(
      '/api/auth/login/form',
      { lng: 'en', email: account.email, password: 'wrong <b>pass', remember: 'on' },
      ip,
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toContain('text/html');
    expect(wrong.headers['cache-control']).toBe('no-store');
    expect(wrong.body).not.toContain('<script');
    expect(wrong.body).not.toContain('modulepreload');
    expect(wrong.body).toContain('<title>We couldn&#39;t sign you in – Sign in | HostPilot</title>');
    expect(wrong.body).toContain('<li>Invalid credentials</li>');
    expect(wrong.body).toContain(`name="email" value="${account.email}" aria-invalid="false"`);
    expect(wrong.body).toContain('name="remember" checked=""');
    expect(wrong.body).not.toContain('wrong');
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const invalid = await post('/api/auth/login/form', { lng: 'ru', email: 'anna@', password: '' }, ip);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['content-language']).toBe('ru');
    expect(invalid.body).toContain('<a class="font-medium text-danger-700 underline" href="#e1">Электронная почта: ');
    expect(invalid.body).toContain('<a class="font-medium text-danger-700 underline" href="#p1">Пароль: ');
    expect(invalid.body).toContain('name="email" value="anna@" aria-invalid="true"');
    expect(invalid.body).toContain('border-danger-600');
  });

  it('counts form sign-ins against the same limits as the JSON ones', async () => {
    const account = newAccount();
    await register(ctx.app, account, { remoteAddress: nextAddress() });
    const ip = nextAddress();
    for (let i = 0; i < 2; i += 1) {
      expect(
        (await login(ctx.app, { email: account.email, password: 'wrong' }, { remoteAddress: ip })).statusCode,
      ).toBe(401);
    }
    expect(
      (await post('/api/auth/login/form', { lng: 'en', email: account.email, password: 'wrong' }, ip)).statusCode,
    ).toBe(401);
    const limited = await post('/api/auth/login/form', { lng: 'en', email: account.email, password: PASSWORD }, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('Too many attempts');
    expect(limited.body).toContain(`value="${account.email}"`);
  });

  it('refuses a form posted from another site', async () => {
    const account = newAccount();
    await register(ctx.app, account, { remoteAddress: nextAddress() });
    const fields = { lng: 'en', email: account.email, password: PASSWORD };
    const crossSite = await post('/api/auth/login/form', fields, nextAddress(), { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.headers['set-cookie']).toBeUndefined();
    const otherOrigin = await post('/api/auth/login/form', fields, nextAddress(), { origin: 'https://evil.example' });
    expect(otherOrigin.statusCode).toBe(403);
    expect(
      (await post('/api/auth/password/forgot/form', fields, nextAddress(), { origin: 'https://evil.example' }))
        .statusCode,
    ).toBe(403);
    expect((await handoff('hp_handoff=x', { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it('treats a suspended account as the JSON sign-in does', async () => {
    const account = newAccount();
    const { session } = await register(ctx.app, account, { remoteAddress: nextAddress() });
    await ctx.app.database.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', session.user.id)
      .execute();
    const refused = await post(
      '/api/auth/login/form',
      { lng: 'en', email: account.email, password: PASSWORD },
      nextAddress(),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('This account is suspended');
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('asks for the second factor on a page of its own, then hands the session off', async () => {
    const account = newAccount();
    const { session } = await register(ctx.app, account, { remoteAddress: nextAddress() });
    const auth = { authorization: `Bearer ${session.access_token}` };
    const setup = await ctx.app.inject({ method: 'POST', url: '/api/account/two-factor/setup', headers: auth });
    const { secret } = setup.json<{ secret: string }>();
    clock.advance(30_000);
    const enabled = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/enable',
      headers: auth,
      payload: { currentPassword: PASSWORD, code: totpCode(secret, clock.now()) },
    });
    expect(enabled.statusCode).toBe(200);

    const ip = nextAddress();
    const step = await post('/api/auth/login/form', { lng: 'ru', email: account.email, password: PASSWORD }, ip);
    expect(step.statusCode).toBe(200);
    expect(step.headers['set-cookie']).toBeUndefined();
    expect(step.body).toContain('<form method="post" action="/api/auth/login/two-factor/form"');
    expect(step.body).toContain('Введите код');
    const challenge = /name="challenge" value="([^"]+)"/.exec(step.body)![1]!;

    const wrong = await post(
      '/api/auth/login/two-factor/form',
      { lng: 'ru', challenge, code: '000000', recoveryCode: '' },
      ip,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(`name="challenge" value="${challenge}"`);
    expect(wrong.body).toContain('aria-invalid="true"');
    // The problem links to the code's field, which is drawn invalid, as every refused form's fields are.
    expect(wrong.body).toContain('href="#two-factor-code"');
    expect(wrong.body).toMatch(/<input class="[^"]*border-danger-600[^"]*" id="two-factor-code"/);

    clock.advance(30_000);
    const done = await post(
      '/api/auth/login/two-factor/form',
      { lng: 'ru', challenge, code: totpCode(secret, clock.now()), recoveryCode: '' },
      ip,
    );
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/dashboard?lng=ru');
    const taken = await handoff(cookiesOf(done)[0]!.split(';')[0]!);
    expect(taken.statusCode).toBe(200);
    expect(taken.json<{ remember: boolean }>().remember).toBe(false);

    // The challenge was used: the sign-in page again, saying so.
    const again = await post('/api/auth/login/two-factor/form', { lng: 'en', challenge, code: '123456' }, ip);
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain('This sign-in step has expired or was already used');
  });

  it('answers a password-reset request the same way whether or not the account exists, within its limits', async () => {
    const account = newAccount();
    await register(ctx.app, account, { remoteAddress: nextAddress() });
    const ip = nextAddress();
    const known = await post('/api/auth/password/forgot/form', { lng: 'ru', email: account.email }, ip);
    const unknown = await post('/api/auth/password/forgot/form', { lng: 'ru', email: 'nobody@example.com' }, ip);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toContain('Проверьте почту');
    expect(known.body.replace(account.email, 'X')).toBe(unknown.body.replace('nobody@example.com', 'X'));
    expect(known.body).not.toContain('action="/api/auth/password/forgot/form"');
    const mail = await waitForMail(ctx.config, account.email, 'password-reset');
    expect(mail.text).toContain('/reset-password#');
    expect(mailsTo(ctx.config, 'nobody@example.com')).toEqual([]);

    const bad = await post('/api/auth/password/forgot/form', { lng: 'en', email: 'anna@' }, ip);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('name="email" value="anna@" aria-invalid="true"');
    expect(bad.body).toContain('href="#f1">Email: ');

    // The address's limit (four times the e-mail's, here 4): the fifth request is refused with the page.
    await post('/api/auth/password/forgot/form', { lng: 'en', email: 'c@example.com' }, ip);
    await post('/api/auth/password/forgot/form', { lng: 'en', email: 'd@example.com' }, ip);
    const limited = await post('/api/auth/password/forgot/form', { lng: 'en', email: 'e@example.com' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Too many attempts');
    expect(limited.body).toContain('value="e@example.com"');
  });

  it('registers in two steps, the second a page of the server, and hands the new session off', async () => {
    const ip = nextAddress();
    const emptyNames = await post(
      '/api/auth/register/form',
      { lng: 'ru', step: '1', firstName: 'Вера', lastName: ' ' },
      ip,
    );
    expect(emptyNames.statusCode).toBe(400);
    expect(emptyNames.body).toContain('name="firstName" value="Вера" aria-invalid="false"');
    expect(emptyNames.body).toContain('href="#n2">Фамилия: ');

    const step = await post(
      '/api/auth/register/form',
      { lng: 'ru', step: '1', firstName: 'Вера', lastName: 'Петрова' },
      ip,
    );
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain('<input type="hidden" name="firstName" value="Вера"/>');
    expect(step.body).toContain('Данные аккаунта');
    expect(step.body).not.toContain('name="step"');
    expect(step.body).toContain('Шаг 2 из 2');

    const email = newAccount().email;
    const account = { lng: 'ru', firstName: 'Вера', lastName: 'Петрова', email, password: PASSWORD };
    const mismatch = await post(
      '/api/auth/register/form',
      { ...account, confirmPassword: 'other words', acceptTerms: 'on' },
      ip,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain(`value="${email}"`);
    expect(mismatch.body).toContain('href="#register-confirmPassword">Повторите пароль: ');
    expect(mismatch.body).not.toContain(PASSWORD);
    expect(mismatch.body).toContain('name="acceptTerms" aria-invalid="false"');

    const noTerms = await post('/api/auth/register/form', { ...account, confirmPassword: PASSWORD }, ip);
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.body).toContain('name="acceptTerms" aria-invalid="true"');

    const created = await post(
      '/api/auth/register/form',
      { ...account, confirmPassword: PASSWORD, acceptTerms: 'on' },
      ip,
    );
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toBe('/dashboard?lng=ru');
    const taken = await handoff(cookiesOf(created)[0]!.split(';')[0]!);
    expect(taken.statusCode).toBe(200);
    expect(taken.json<{ user: { firstName: string; email: string } }>().user).toMatchObject({
      firstName: 'Вера',
      email,
    });
    expect((await waitForMail(ctx.config, email, 'verify-email')).text).toContain('/verify-email#');

    const again = await post(
      '/api/auth/register/form',
      { ...account, lng: 'en', confirmPassword: PASSWORD, acceptTerms: 'on' },
      ip,
    );
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Email: An account with this e-mail already exists');
    expect(again.headers['set-cookie']).toBeUndefined();
  });
});
