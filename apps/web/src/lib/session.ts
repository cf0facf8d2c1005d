import { useSyncExternalStore } from 'react';
import type { Preferences } from '@hostpilot/shared';
import { API_BASE_URL, createHttpClient } from './http';
import { currentLanguage, i18n, isLanguage, type Language } from './i18n';
import { createSessionStore, handoffMarked, type SessionState } from './session-store';
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

/**
 * The language kept on the account (its settings, or the language it registered in) is applied when it signs
 * in, so the dashboard speaks it on any device; a failed read leaves the language as it is.
 */
async function applyAccountLanguage() {
  try {
    const { language } = await api.get<Preferences>('/users/me/preferences');
    if (isLanguage(language) && language !== currentLanguage()) await i18n.changeLanguage(language);
  } catch {
    // The page still works in the language it has.
  }
}

export const session = createSessionStore({
  http: api,
  storage: tokenStorage,
  onSignedIn: () => void applyAccountLanguage(),
  handoffWaiting: handoffMarked,
});

/**
 * The language chosen in the settings becomes the account's (docs/product/screens.md): this page switches to it
 * and the next sign-in on another device applies it. The header's language switcher changes this device only.
 */
export async function saveAccountLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  await api.patch<Preferences>('/users/me/preferences', { language });
}

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
