import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import enCommon from '@/locales/en/common.json';
import ruCommon from '@/locales/ru/common.json';

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Storage keys of SPEC.md section 3. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export const LANGUAGE_COOKIE = 'i18next';
export const PREFERRED_LANGUAGE_KEY = 'preferredLanguage';

/** Every namespace but `common` is loaded on demand, in its own chunk per language. */
const namespaceLoaders = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/*/common.json',
]);

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = namespaceLoaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language in use, narrowed to one we support. */
export function currentLanguage(): Language {
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(resolved) ? resolved : DEFAULT_LANGUAGE;
}

function applyLanguageToDocument(language: string) {
  if (typeof document === 'undefined') return;
  const lng = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(PREFERRED_LANGUAGE_KEY, lng);
  } catch {
    // Storage may be unavailable (private mode, quota); the language still applies.
  }
}

export function initI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  i18n.on('languageChanged', applyLanguageToDocument);
  void i18n
    .use(lazyBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { common: enCommon }, ru: { common: ruCommon } },
      partialBundledLanguages: true,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: DEFAULT_LANGUAGE,
      ns: ['common'],
      defaultNS: 'common',
      detection: {
        // SPEC.md section 4: query ?lng=, cookie, local storage, browser, <html lang>; English otherwise.
        order: ['querystring', 'cookie', 'localStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        lookupCookie: LANGUAGE_COOKIE,
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
      },
      interpolation: { escapeValue: false },
      // A key with no text is a bug: say so in the console, where the end-to-end tests look.
      saveMissing: true,
      missingKeyHandler: (languages, namespace, key) => {
        console.error(`Missing translation: ${namespace}:${key} (${languages.join(', ')})`);
      },
      returnNull: false,
      react: { useSuspense: true },
      initAsync: false,
    });
  return i18n;
}

export { i18n };
