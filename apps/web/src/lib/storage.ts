/**
 * Browser storage of the session (docs/product/api.md): `auth_token` and `refresh_token`. "Remember me" decides
 * where (docs/decisions/020-remember-me-and-sessions.md): in localStorage when remembered, so the sign-in
 * survives the browser; otherwise in sessionStorage, gone when the browser session ends. Reads look in both.
 * Every access is guarded: storage can be unavailable (privacy modes, quotas) and the app must still run.
 */
export const ACCESS_TOKEN_KEY = 'auth_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? localStorage : sessionStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return area('session')?.getItem(key) ?? area('local')?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(which: Area, key: string, value: string | null) {
  try {
    const storage = area(which);
    if (!storage) return;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Without storage the session lasts as long as the page: acceptable, and nothing to tell the user.
  }
}

/** Where the current sign-in lives: sessionStorage when it holds the refresh token, else localStorage. */
function currentArea(): Area {
  try {
    return area('session')?.getItem(REFRESH_TOKEN_KEY) ? 'session' : 'local';
  } catch {
    return 'local';
  }
}

function clearArea(which: Area) {
  write(which, ACCESS_TOKEN_KEY, null);
  write(which, REFRESH_TOKEN_KEY, null);
}

export const tokenStorage = {
  getAccessToken: () => read(ACCESS_TOKEN_KEY),
  getRefreshToken: () => read(REFRESH_TOKEN_KEY),
  /**
   * Stores a new pair. `remember` (a sign-in or registration) chooses the storage and empties the other; left
   * out (a refresh), the pair stays where the sign-in already lives.
   */
  setTokens(accessToken: string, refreshToken: string, remember?: boolean) {
    const target: Area = remember === undefined ? currentArea() : remember ? 'local' : 'session';
    if (remember !== undefined) clearArea(target === 'local' ? 'session' : 'local');
    write(target, ACCESS_TOKEN_KEY, accessToken);
    write(target, REFRESH_TOKEN_KEY, refreshToken);
  },
  setAccessToken: (accessToken: string) => write(currentArea(), ACCESS_TOKEN_KEY, accessToken),
  clear() {
    clearArea('session');
    clearArea('local');
  },
};

export type TokenStorage = typeof tokenStorage;
