import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageDetector } from './language-detector';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  LANGUAGE_COOKIE,
  LANGUAGES,
  PREFERRED_LANGUAGE_KEY,
} from './languages';

export {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  PREFERRED_LANGUAGE_KEY,
} from './languages';

/**
 * Every namespace, `common` too, is loaded on demand, in its own chunk per language: a visitor downloads
 * the texts of their language only. The first render waits for them (see `i18nReady`).
 */
const namespaceLoaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

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

/** The language in use, narrowed to one we support. */
export function currentLanguage(): Language {
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(resolved) ? resolved : DEFAULT_LANGUAGE;
}

/** A year: the visitor's language outlives the visit. */
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The document's language follows i18n's, and the choice is kept in the `i18next` cookie as well as in local
 * storage: the server reads the cookie to send the next page's HTML in this language
 * (docs/decisions/018-prerendered-public-pages.md).
 */
function applyLanguageToDocument(language: string) {
  if (typeof document === 'undefined') return;
  const lng = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  document.documentElement.lang = lng;
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE}; samesite=lax`;
  try {
    localStorage.setItem(PREFERRED_LANGUAGE_KEY, lng);
  } catch {
    // Storage may be unavailable (private mode, quota); the language still applies.
  }
}

let ready: Promise<unknown> = Promise.resolve();

/** Resolves when i18n has its language and the `common` texts of it. */
export const i18nReady = () => ready.then(() => undefined);

/**
 * Starts i18n in the visitor's language (the detector's, docs/product/states.md), or in `language` when given: the
 * build's prerender step renders each language in turn, with no browser to detect from.
 */
export function initI18n(language?: Language): typeof i18n {
  if (i18n.isInitialized || i18n.isInitializing) return i18n;
  i18n.on('languageChanged', applyLanguageToDocument);
  ready = i18n
    .use(lazyBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      // No fallback language: the detector only ever answers one of ours, the locale files have the same keys
      // (a unit test checks), and a fallback would download the English texts for every Russian visitor.
      fallbackLng: false,
      ns: ['common'],
      defaultNS: 'common',
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
