import { useSyncExternalStore } from 'react';
import { API_BASE_URL, createHttpClient } from './http';
import { createSessionStore, type SessionState } from './session-store';
import { REFRESH_TOKEN_KEY, tokenStorage } from './storage';

let onExpired: (() => void) | undefined;

/** The app's one HTTP client: Bearer token, JSON, refresh-and-replay on 401. */
export const api = createHttpClient({
  baseUrl: API_BASE_URL,
  storage: tokenStorage,
  onSessionExpired: () => {
    session.expire();
    onExpired?.();
  },
});

export const session = createSessionStore({ http: api, storage: tokenStorage });

/** What to do after the session could not be renewed (the app sends the user to /login). */
export function setSessionExpiredHandler(handler: () => void) {
  onExpired = handler;
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if ((event.key === REFRESH_TOKEN_KEY && event.newValue === null) || event.key === null)
      session.signedOutElsewhere();
  });
}

export function useSession(): SessionState & {
  login: typeof session.login;
  loginTwoFactor: typeof session.loginTwoFactor;
  register: typeof session.register;
  logout: typeof session.logout;
  clearError: typeof session.clearError;
} {
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return {
    ...state,
    login: session.login,
    loginTwoFactor: session.loginTwoFactor,
    register: session.register,
    logout: session.logout,
    clearError: session.clearError,
  };
}
