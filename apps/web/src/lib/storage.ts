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

/** Prefix of the answers kept for the next visit (`keptAnswers`), one key per answer and account. */
const KEPT_PREFIX = 'hostpilot.kept.';

function clearKept(which: Area) {
  try {
    const storage = area(which);
    if (!storage) return;
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) if (key?.startsWith(KEPT_PREFIX)) storage.removeItem(key);
  } catch {
    // Nothing kept can be read without storage either.
  }
}

function clearArea(which: Area) {
  write(which, ACCESS_TOKEN_KEY, null);
  write(which, REFRESH_TOKEN_KEY, null);
  clearKept(which);
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
    if (remember !== undefined) {
      // A new sign-in, perhaps of another account: nothing kept from before it is shown.
      clearArea(target === 'local' ? 'session' : 'local');
      clearKept(target);
    }
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

/** An answer kept for the next visit, with the time it arrived (epoch ms). */
export interface KeptAnswer<T> {
  savedAt: number;
  data: T;
}

/**
 * Answers kept for the next visit (docs/decisions/047-interactive-from-first-paint.md): the dashboard shows what it
 * showed last at once, then fresh data. Kept beside the tokens (localStorage when the sign-in is remembered,
 * sessionStorage otherwise), keyed by answer and account id, and cleared with the tokens (sign-out, a refused
 * refresh) and on every new sign-in.
 */
export const keptAnswers = {
  read<T>(name: string, accountId: number | string): KeptAnswer<T> | null {
    const text = read(`${KEPT_PREFIX}${name}.${accountId}`);
    if (!text) return null;
    try {
      const kept = JSON.parse(text) as Partial<KeptAnswer<T>>;
      return typeof kept.savedAt === 'number' && kept.data !== undefined
        ? { savedAt: kept.savedAt, data: kept.data }
        : null;
    } catch {
      return null;
    }
  },
  write<T>(name: string, accountId: number | string, data: T, savedAt: number = Date.now()) {
    // Only while signed in, and beside the tokens: a kept answer never outlives the sign-in it belongs to.
    if (!read(REFRESH_TOKEN_KEY)) return;
    const target = currentArea();
    clearKept(target === 'local' ? 'session' : 'local');
    const keyStart = `${KEPT_PREFIX}${name}.`;
    try {
      const storage = area(target);
      const keys = storage ? Array.from({ length: storage.length }, (_, index) => storage.key(index)) : [];
      // One account's answer at a time: another account's is dropped.
      for (const key of keys) if (key?.startsWith(keyStart)) storage?.removeItem(key);
    } catch {
      // See write().
    }
    write(target, `${keyStart}${accountId}`, JSON.stringify({ savedAt, data } satisfies KeptAnswer<T>));
  },
};
