import type { TokenStorage } from './storage';

/** An in-memory token storage for tests. */
export function memoryStorage(access: string | null = null, refresh: string | null = null): TokenStorage {
  let accessToken = access;
  let refreshToken = refresh;
  return {
    getAccessToken: () => accessToken,
    getRefreshToken: () => refreshToken,
    setTokens(a: string, r: string) {
      accessToken = a;
      refreshToken = r;
    },
    setAccessToken(a: string) {
      accessToken = a;
    },
    clear() {
      accessToken = null;
      refreshToken = null;
    },
  };
}

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A JWT-shaped token whose payload carries `exp` (seconds); the signature is not checked client-side. */
export function fakeJwt(expSeconds: number, sub = 'user-1'): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub, exp: expSeconds, typ: 'access' })}.sig`;
}
