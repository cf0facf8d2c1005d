import { servicesRoutes } from '@hostpilot/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient, fileNameOf, NO_REFRESH_TOKEN } from './http';
import { json, memoryStorage } from './test-doubles';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function setup(handler: Handler, access: string | null = 'old-access', refresh: string | null = 'refresh-1') {
  const storage = memoryStorage(access, refresh);
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init: init ?? {} });
    return handler(url, init ?? {});
  });
  const onSessionExpired = vi.fn();
  const client = createHttpClient({
    baseUrl: '/api',
    storage,
    fetch: fetch as unknown as typeof globalThis.fetch,
    onSessionExpired,
    lock: (_name, task) => task(),
  });
  return { client, storage, calls, onSessionExpired };
}

const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

describe('HTTP client', () => {
  it('sends the stored access token as a Bearer header and JSON bodies', async () => {
    const { client, calls } = setup(() => json(200, { ok: true }));
    expect(await client.post('/things', { a: 1 })).toEqual({ ok: true });
    expect(calls[0]!.url).toBe('/api/things');
    expect(header(calls[0]!.init, 'Authorization')).toBe('Bearer old-access');
    expect(header(calls[0]!.init, 'Content-Type')).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"a":1}');
  });

  it('sends no token when asked not to', async () => {
    const { client, calls } = setup(() => json(200, {}));
    await client.post('/auth/login', { email: 'x' }, { auth: false });
    expect(header(calls[0]!.init, 'Authorization')).toBeUndefined();
  });

  it('on a 401 refreshes once and replays the request with the new token', async () => {
    const { client, storage, calls } = setup((url, init) => {
      if (url === '/api/auth/refresh') return json(200, { token: 'new-access', refresh_token: 'refresh-2' });
      return header(init, 'Authorization') === 'Bearer new-access' ? json(200, { id: 'u1' }) : json(401, {});
    });
    expect(await client.get('/users/me')).toEqual({ id: 'u1' });
    expect(calls.map((c) => c.url)).toEqual(['/api/users/me', '/api/auth/refresh', '/api/users/me']);
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ refreshToken: 'refresh-1' });
    expect(storage.getAccessToken()).toBe('new-access');
    expect(storage.getRefreshToken()).toBe('refresh-2');
  });

  it('shares one refresh between requests that meet a 401 together', async () => {
    let refreshes = 0;
    const { client } = setup(async (url, init) => {
      if (url === '/api/auth/refresh') {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, { token: 'new-access', refresh_token: 'refresh-2' });
      }
      return header(init, 'Authorization') === 'Bearer new-access' ? json(200, { url }) : json(401, {});
    });
    const answers = await Promise.all([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(answers).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(refreshes).toBe(1);
  });

  it('replays at most once: a second 401 ends the session', async () => {
    const { client, storage, onSessionExpired, calls } = setup((url) =>
      url === '/api/auth/refresh' ? json(200, { token: 'new-access', refresh_token: 'refresh-2' }) : json(401, {}),
    );
    await expect(client.get('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(3);
    expect(storage.getAccessToken()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it('clears the tokens and reports the expiry when the refresh is refused', async () => {
    const { client, storage, onSessionExpired } = setup((url) =>
      url === '/api/auth/refresh'
        ? json(401, { error: { code: 'REFRESH_TOKEN_INVALID', message: 'The refresh token is not valid' } })
        : json(401, {}),
    );
    await expect(client.get('/users/me')).rejects.toMatchObject({ code: 'REFRESH_TOKEN_INVALID' });
    expect(storage.getAccessToken()).toBeNull();
    expect(storage.getRefreshToken()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it("fails with 'No refresh token available' when none is stored", async () => {
    const { client, onSessionExpired, calls } = setup(() => json(401, {}), 'old-access', null);
    await expect(client.get('/users/me')).rejects.toThrow(NO_REFRESH_TOKEN);
    expect(calls).toHaveLength(1);
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it('passes other errors to the caller in the API error shape', async () => {
    const { client, onSessionExpired } = setup(() =>
      json(409, { error: { code: 'EMAIL_TAKEN', message: 'taken', fields: { email: { code: 'x', message: 'y' } } } }),
    );
    const error = await client.post('/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'EMAIL_TAKEN',
      message: 'taken',
      fields: { email: { code: 'x' } },
    });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('reports an unreachable server as a network error and keeps the tokens', async () => {
    const { client, storage } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await client.get('/users/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, isNetworkError: true });
    expect(storage.getRefreshToken()).toBe('refresh-1');
  });

  it('answers 204 with undefined and tolerates a non-JSON error body', async () => {
    const { client } = setup((url) =>
      url === '/api/gone'
        ? new Response(null, { status: 204 })
        : new Response('oops', { status: 502, statusText: 'Bad Gateway' }),
    );
    expect(await client.post('/gone')).toBeUndefined();
    await expect(client.get('/broken')).rejects.toMatchObject({ status: 502, code: undefined, message: 'Bad Gateway' });
  });

  it('uses the token another tab already rotated instead of refreshing again', async () => {
    const storage = memoryStorage('old-access', 'refresh-1');
    const calls: string[] = [];
    const client = createHttpClient({
      baseUrl: '/api',
      storage,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(String(input));
        return header(init ?? {}, 'Authorization') === 'Bearer other-tab-access' ? json(200, { ok: 1 }) : json(401, {});
      }) as typeof fetch,
      // While this tab waited for the lock, another tab rotated the tokens.
      lock: async (_name, task) => {
        storage.setTokens('other-tab-access', 'refresh-2');
        return task();
      },
    });
    expect(await client.get('/users/me')).toEqual({ ok: 1 });
    expect(calls).toEqual(['/api/users/me', '/api/users/me']);
  });
});

describe('call: one endpoint table entry (decision 068)', () => {
  it('takes method and path from the entry, fills the parameters and the query, sends the body', async () => {
    const { client, calls } = setup(() => json(200, { id: 's 1' }));
    const answer = await client.call(servicesRoutes.putServicesAutoRenew, {
      params: { id: 's 1' },
      body: { enabled: true },
      headers: { 'X-Probe': '1' },
    });
    expect(answer).toEqual({ id: 's 1' });
    expect(calls[0]!.url).toBe('/api/services/s%201/auto-renew');
    expect(calls[0]!.init.method).toBe('PUT');
    expect(calls[0]!.init.body).toBe('{"enabled":true}');
    expect(header(calls[0]!.init, 'X-Probe')).toBe('1');

    await client.call(servicesRoutes.getServices, { query: { kind: 'extra', q: '', pageSize: 50 } });
    expect(calls[1]!.url).toBe('/api/services?kind=extra&pageSize=50');
    expect(calls[1]!.init.method).toBe('GET');
  });

  it('keeps the error behaviour of every call: ApiError with the code, one refresh on a 401', async () => {
    let first = true;
    const { client, calls } = setup((url) => {
      if (url.endsWith('/auth/refresh')) return json(200, { token: 'new-access', refresh_token: 'refresh-2' });
      if (first) {
        first = false;
        return json(401, { error: { code: 'TOKEN_EXPIRED', message: 'Expired' } });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Hosting service not found' } });
    });
    const failure = await client.call(servicesRoutes.getHostingItem, { params: { id: 'x' } }).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(calls.map((call) => call.url)).toEqual(['/api/hosting/x', '/api/auth/refresh', '/api/hosting/x']);
  });

  it('refuses to send a call with a path parameter left out', async () => {
    const { client, calls } = setup(() => json(200, {}));
    // @ts-expect-error the entry needs its `id`
    await expect(client.call(servicesRoutes.getHostingItem, { params: {} })).rejects.toThrow('no value for :id');
    expect(calls).toEqual([]);
  });
});

describe('fileNameOf', () => {
  it('reads the UTF-8 name first, then the plain one, else a neutral name', () => {
    expect(
      fileNameOf(`attachment; filename="vypiska.csv"; filename*=UTF-8''%D0%B2%D1%8B%D0%BF%D0%B8%D1%81%D0%BA%D0%B0.csv`),
    ).toBe('выписка.csv');
    expect(fileNameOf('attachment; filename="INV-2026-0001.pdf"')).toBe('INV-2026-0001.pdf');
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''%E0%A4%A`)).toBe('a.csv');
    expect(fileNameOf(null)).toBe('download');
  });
});
