import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, PASSWORD, register } from '../../test/auth';
import { createTestApp, type TestContext } from '../../test/helpers';

describe('profile and preferences', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  async function signedIn() {
    const { account, session } = await register(ctx.app);
    return { account, headers: { authorization: `Bearer ${session.access_token}` }, id: session.user.id };
  }
  const put = (headers: Record<string, string>, body: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/users/me', headers, payload: body as object });

  it('saves the names, and /users/me shows them', async () => {
    const me = await signedIn();
    const saved = await put(me.headers, { firstName: ' Grace ', lastName: 'Hopper', email: me.account.email });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    const read = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: me.headers });
    expect(read.json().firstName).toBe('Grace');
  });

  it('changes the e-mail only with the right current password, and never to another account’s', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const body = { firstName: 'Ada', lastName: 'Lovelace', email: `new.${me.account.email}` };
    expect((await put(me.headers, body)).json().error.fields.currentPassword.code).toBe('validation.required');
    const wrong = await put(me.headers, { ...body, currentPassword: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword.code).toBe('validation.currentPasswordWrong');
    const taken = await put(me.headers, {
      ...body,
      email: other.account.email.toUpperCase(),
      currentPassword: PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('EMAIL_TAKEN');
    const ok = await put(me.headers, { ...body, currentPassword: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(body.email);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const bad = await put(me.headers, { firstName: '', lastName: 'x', email: 'not-an-email' });
    expect(bad.json().error.fields).toMatchObject({
      firstName: { code: 'validation.required' },
      email: { code: 'validation.invalidEmail' },
    });
  });

  it('saves preference toggles and the language, kept on the account', async () => {
    const me = await signedIn();
    const patch = (body: unknown) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/users/me/preferences',
        headers: me.headers,
        payload: body as object,
      });
    const saved = await patch({ language: 'ru', marketing: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ language: 'ru', marketing: true });
    expect((await patch({ serviceUpdates: false })).json()).toMatchObject({ language: 'ru', serviceUpdates: false });
    const read = await ctx.app.inject({ method: 'GET', url: '/api/users/me/preferences', headers: me.headers });
    expect(read.json()).toMatchObject({ language: 'ru', marketing: true, serviceUpdates: false });
    expect((await patch({ language: 'de' })).statusCode).toBe(400);
  });

  it('keeps the language the account registered in, until the person chooses another', async () => {
    const language = async (authorization: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me/preferences', headers: { authorization } })).json()
        .language;
    const russian = await register(ctx.app, newAccount(), { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
    expect(await language(`Bearer ${russian.session.access_token}`)).toBe('ru');
    const english = await register(ctx.app, newAccount(), { headers: { 'accept-language': 'en-GB' } });
    expect(await language(`Bearer ${english.session.access_token}`)).toBe('en');
    const unknown = await register(ctx.app, newAccount(), { headers: { 'accept-language': 'de' } });
    expect(await language(`Bearer ${unknown.session.access_token}`)).toBe('en');
  });
});
