import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './http';
import { createSessionStore } from './session-store';
import { fakeJwt, json, memoryStorage } from './test-doubles';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const valid = fakeJwt(NOW / 1000 + 600);
const expired = fakeJwt(NOW / 1000 - 60);
const user = { id: 'u1', firstName: 'Alex', lastName: 'Morgan', email: 'demo@example.com', role: 0 };

type Routes = Record<string, (init: RequestInit) => Response | Promise<Response>>;

function setup(
  routes: Routes,
  access: string | null = null,
  refresh: string | null = null,
  onSignedIn?: () => void,
  handoffWaiting?: () => boolean,
) {
  const storage = memoryStorage(access, refresh);
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace('/api', '');
    calls.push(`${init?.method} ${path}`);
    const route = routes[`${init?.method} ${path}`];
    return route ? route(init ?? {}) : json(404, { error: { code: 'NOT_FOUND', message: 'no' } });
  }) as typeof globalThis.fetch;
  const http = createHttpClient({ baseUrl: '/api', storage, fetch, lock: (_n, task) => task() });
  const store = createSessionStore({ http, storage, now: () => NOW, onSignedIn, handoffWaiting });
  const statuses: string[] = [];
  store.subscribe(() => statuses.push(store.getState().status));
  return { store, storage, calls, statuses };
}

const bearer = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

describe('session store (docs/product/states.md)', () => {
  it('starts unauthenticated and, with no stored token, stays so without any call', async () => {
    const { store, calls } = setup({});
    expect(store.getState()).toEqual({ status: 'unauthenticated', user: null, error: null, signedOut: false });
    await store.start();
    expect(store.getState().status).toBe('unauthenticated');
    expect(calls).toEqual([]);
  });

  it('takes over the session a sign-in without JavaScript handed off, kept as that sign-in asked', async () => {
    const signedIn = vi.fn();
    const { store, storage, calls } = setup(
      { 'POST /auth/handoff': () => json(200, { user, access_token: valid, refresh_token: 'h2', remember: true }) },
      null,
      null,
      signedIn,
      () => true,
    );
    await store.start();
    expect(store.getState()).toEqual({ status: 'authenticated', user, error: null, signedOut: false });
    expect(calls).toEqual(['POST /auth/handoff']);
    expect(storage.getRefreshToken()).toBe('h2');
    expect(signedIn).toHaveBeenCalledOnce();
  });

  it('a refused hand-off (used or expired) falls back to the stored session, or none', async () => {
    const refused = () => json(401, { error: { code: 'REFRESH_TOKEN_INVALID', message: 'no' } });
    const none = setup({ 'POST /auth/handoff': refused }, null, null, undefined, () => true);
    await none.store.start();
    expect(none.store.getState().status).toBe('unauthenticated');
    const stored = setup(
      { 'POST /auth/handoff': refused, 'GET /users/me': () => json(200, user) },
      valid,
      'r1',
      undefined,
      () => true,
    );
    await stored.store.start();
    expect(stored.store.getState()).toMatchObject({ status: 'authenticated', user });
    expect(stored.calls).toEqual(['POST /auth/handoff', 'GET /users/me']);
  });

  it('with an unexpired access token: checking, then /users/me, then authenticated', async () => {
    const { store, calls, statuses } = setup(
      { 'GET /users/me': (init) => (bearer(init) === `Bearer ${valid}` ? json(200, user) : json(401, {})) },
      valid,
      'r1',
    );
    const started = store.start();
    expect(store.getState().status).toBe('checking');
    await started;
    expect(store.getState()).toEqual({ status: 'authenticated', user, error: null, signedOut: false });
    expect(calls).toEqual(['GET /users/me']);
    expect(statuses).toEqual(['checking', 'authenticated']);
  });

  it('with an expired access token and a refresh token: exchanges it, then fetches the user', async () => {
    const fresh = fakeJwt(NOW / 1000 + 900);
    const { store, storage, calls } = setup(
      {
        'POST /auth/refresh': () => json(200, { token: fresh, refresh_token: 'r2' }),
        'GET /users/me': (init) => (bearer(init) === `Bearer ${fresh}` ? json(200, user) : json(401, {})),
      },
      expired,
      'r1',
    );
    await store.start();
    expect(calls).toEqual(['POST /auth/refresh', 'GET /users/me']);
    expect(store.getState().status).toBe('authenticated');
    expect(storage.getAccessToken()).toBe(fresh);
    expect(storage.getRefreshToken()).toBe('r2');
  });

  it('with only a refresh token stored: exchanges it', async () => {
    const fresh = fakeJwt(NOW / 1000 + 900);
    const { store, calls } = setup(
      {
        'POST /auth/refresh': () => json(200, { token: fresh, refresh_token: 'r2' }),
        'GET /users/me': () => json(200, user),
      },
      null,
      'r1',
    );
    await store.start();
    expect(calls).toEqual(['POST /auth/refresh', 'GET /users/me']);
    expect(store.getState().status).toBe('authenticated');
  });

  it('when the refresh fails: both tokens cleared, unauthenticated', async () => {
    const { store, storage, calls } = setup(
      { 'POST /auth/refresh': () => json(401, { error: { code: 'REFRESH_TOKEN_INVALID', message: 'revoked' } }) },
      expired,
      'r1',
    );
    await store.start();
    expect(calls).toEqual(['POST /auth/refresh']);
    expect(storage.getAccessToken()).toBeNull();
    expect(storage.getRefreshToken()).toBeNull();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null, error: { key: 'sessionExpired' } });
  });

  it('with an expired access token and no refresh token: unauthenticated, no call', async () => {
    const { store, storage, calls } = setup({}, expired, null);
    await store.start();
    expect(calls).toEqual([]);
    expect(store.getState().status).toBe('unauthenticated');
    expect(storage.getAccessToken()).toBeNull();
  });

  it('is authenticated only if the user has an id', async () => {
    const { store } = setup({ 'GET /users/me': () => json(200, { firstName: 'No id' }) }, valid, 'r1');
    await store.start();
    expect(store.getState()).toMatchObject({
      status: 'unauthenticated',
      user: null,
      error: { key: 'authCheckFailed' },
    });
  });

  it("a failing check clears the user with 'Authentication check failed'", async () => {
    const { store } = setup(
      { 'GET /users/me': () => json(500, { error: { code: 'INTERNAL', message: 'An error occurred' } }) },
      valid,
      'r1',
    );
    await store.start();
    expect(store.getState()).toMatchObject({
      status: 'unauthenticated',
      user: null,
      error: { key: 'authCheckFailed' },
    });
  });

  it('login stores both tokens and authenticates', async () => {
    const { store, storage, calls } = setup({
      'POST /auth/login': (init) => {
        expect(JSON.parse(String(init.body))).toEqual({ email: 'demo@example.com', password: 'pw', remember: true });
        return json(200, { user, access_token: valid, refresh_token: 'r1' });
      },
    });
    expect(await store.login({ email: 'demo@example.com', password: 'pw', remember: true })).toBe(true);
    expect(store.getState()).toEqual({ status: 'authenticated', user, error: null, signedOut: false });
    expect(storage.getAccessToken()).toBe(valid);
    expect(storage.getRefreshToken()).toBe('r1');
    expect(calls).toEqual(['POST /auth/login']);
  });

  it('tells the app of a sign-in with the password (to apply the account language), not of a page load or a refusal', async () => {
    const signIns: string[] = [];
    const routes: Routes = {
      'POST /auth/login': (init) =>
        JSON.parse(String(init.body)).password === 'pw'
          ? json(200, { user, access_token: valid, refresh_token: 'r1' })
          : json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } }),
      'GET /users/me': () => json(200, user),
    };
    const loaded = setup(routes, valid, 'r1', () => signIns.push('load'));
    await loaded.store.start();
    expect(loaded.store.getState().status).toBe('authenticated');
    const { store } = setup(routes, null, null, () => signIns.push('login'));
    expect(await store.login({ email: 'demo@example.com', password: 'wrong' })).toBe(false);
    expect(await store.login({ email: 'demo@example.com', password: 'pw' })).toBe(true);
    expect(signIns).toEqual(['login']);
    store.userChanged({ ...user, firstName: 'Sam' });
    expect(store.getState().user?.firstName).toBe('Sam');
    store.userChanged({ ...user, id: 'someone-else', firstName: 'Kim' });
    expect(store.getState().user?.firstName).toBe('Sam');
  });

  it('login with two-factor sign-in: the password step stores nothing; the code step signs in', async () => {
    const challenge = { twoFactorRequired: true, challenge: 'c1', expiresAt: NOW + 300_000 };
    const { store, storage, calls } = setup({
      'POST /auth/login': () => json(200, challenge),
      'POST /auth/login/two-factor': (init) => {
        const body = JSON.parse(String(init.body)) as { code?: string };
        if (body.code !== '123456') {
          return json(400, {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'x',
              fields: { code: { code: 'validation.twoFactorCodeWrong', message: 'x' } },
            },
          });
        }
        return json(200, { user, access_token: valid, refresh_token: 'r1' });
      },
    });
    const pending = await store.login({ email: 'demo@example.com', password: 'pw', remember: true });
    expect(pending).toEqual({ challenge: 'c1', expiresAt: NOW + 300_000, remember: true });
    expect(store.getState().status).toBe('unauthenticated');
    expect(storage.getAccessToken()).toBeNull();

    expect(await store.loginTwoFactor(pending as Exclude<typeof pending, boolean>, { code: '000000' })).toBe(false);
    expect(store.getState().error).toMatchObject({
      key: 'validationFailed',
      fields: { code: { code: 'validation.twoFactorCodeWrong' } },
    });
    expect(await store.loginTwoFactor(pending as Exclude<typeof pending, boolean>, { code: '123456' })).toBe(true);
    expect(store.getState()).toEqual({ status: 'authenticated', user, error: null, signedOut: false });
    expect(storage.getRefreshToken()).toBe('r1');
    expect(calls).toEqual(['POST /auth/login', 'POST /auth/login/two-factor', 'POST /auth/login/two-factor']);
  });

  it("login: a response without a user is 'Invalid credentials'", async () => {
    const { store, storage } = setup({
      'POST /auth/login': () => json(200, { access_token: valid, refresh_token: 'r1' }),
    });
    expect(await store.login({ email: 'a@b.c', password: 'pw' })).toBe(false);
    expect(store.getState()).toMatchObject({
      status: 'unauthenticated',
      error: { key: 'invalidCredentials', message: 'Invalid credentials' },
    });
    expect(storage.getAccessToken()).toBeNull();
  });

  it('login: the API refusal maps to its message; anything else is Login failed', async () => {
    const refused = setup({
      'POST /auth/login': () => json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } }),
    });
    await refused.store.login({ email: 'a@b.c', password: 'wrong' });
    expect(refused.store.getState().error).toMatchObject({ key: 'invalidCredentials' });

    const limited = setup({
      'POST /auth/login': () => json(429, { error: { code: 'RATE_LIMITED', message: 'Too many' } }),
    });
    await limited.store.login({ email: 'a@b.c', password: 'wrong' });
    expect(limited.store.getState().error).toMatchObject({ key: 'rateLimited', message: 'Too many' });

    const suspended = setup({
      'POST /auth/login': () => json(403, { error: { code: 'ACCOUNT_SUSPENDED', message: 'Suspended' } }),
    });
    await suspended.store.login({ email: 'a@b.c', password: 'right' });
    expect(suspended.store.getState().error).toMatchObject({ key: 'accountSuspended' });

    const broken = setup({ 'POST /auth/login': () => new Response('', { status: 502 }) });
    await broken.store.login({ email: 'a@b.c', password: 'pw' });
    expect(broken.store.getState().error).toMatchObject({ key: 'loginFailed' });
  });

  it('register stores the tokens; a refusal keeps its code and fields', async () => {
    const ok = setup({ 'POST /auth/register': () => json(201, { user, access_token: valid, refresh_token: 'r1' }) });
    expect(await ok.store.register({ firstName: 'A', lastName: 'M', email: 'a@b.c', password: 'password1' })).toBe(
      true,
    );
    expect(ok.store.getState().status).toBe('authenticated');

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const taken = setup({
      'POST /auth/register': () =>
        json(409, { error: { code: 'EMAIL_TAKEN', message: 'An account with this e-mail already exists' } }),
    });
    expect(await taken.store.register({ firstName: 'A', lastName: 'M', email: 'a@b.c', password: 'password1' })).toBe(
      false,
    );
    expect(taken.store.getState()).toMatchObject({ status: 'unauthenticated', error: { key: 'emailTaken' } });
    expect(console.error).toHaveBeenCalledWith('Registration failed:', 'An account with this e-mail already exists');
    vi.restoreAllMocks();
  });

  it('logout calls the API with the refresh token, clears both tokens and the user', async () => {
    let body: unknown;
    const { store, storage } = setup(
      {
        'GET /users/me': () => json(200, user),
        'POST /auth/logout': (init) => {
          body = JSON.parse(String(init.body));
          return new Response(null, { status: 204 });
        },
      },
      valid,
      'r1',
    );
    await store.start();
    await store.logout();
    expect(body).toEqual({ refreshToken: 'r1' });
    expect(store.getState()).toEqual({ status: 'unauthenticated', user: null, error: null, signedOut: true });
    expect(storage.getAccessToken()).toBeNull();
    expect(storage.getRefreshToken()).toBeNull();
  });

  it('logout forgets the session even when the server cannot be reached', async () => {
    const { store, storage } = setup(
      {
        'GET /users/me': () => json(200, user),
        'POST /auth/logout': () => {
          throw new TypeError('Failed to fetch');
        },
      },
      valid,
      'r1',
    );
    await store.start();
    await store.logout();
    expect(store.getState().status).toBe('unauthenticated');
    expect(storage.getRefreshToken()).toBeNull();
  });

  it('expire() signs out with the session-ended message', () => {
    const { store } = setup({});
    store.expire();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', error: { key: 'sessionExpired' } });
  });
});
