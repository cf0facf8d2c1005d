/**
 * Browser storage of the session (docs/product/api.md): `auth_token` and `refresh_token` in localStorage.
 * Every access is guarded: storage can be unavailable (privacy modes, quotas) and the app must still run.
 */
export const ACCESS_TOKEN_KEY = 'auth_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Without storage the session lasts as long as the page: acceptable, and nothing to tell the user.
  }
}

export const tokenStorage = {
  getAccessToken: () => read(ACCESS_TOKEN_KEY),
  getRefreshToken: () => read(REFRESH_TOKEN_KEY),
  setTokens(accessToken: string, refreshToken: string) {
    write(ACCESS_TOKEN_KEY, accessToken);
    write(REFRESH_TOKEN_KEY, refreshToken);
  },
  setAccessToken: (accessToken: string) => write(ACCESS_TOKEN_KEY, accessToken),
  clear() {
    write(ACCESS_TOKEN_KEY, null);
    write(REFRESH_TOKEN_KEY, null);
  },
};

export type TokenStorage = typeof tokenStorage;
