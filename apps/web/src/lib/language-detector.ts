import type { LanguageDetectorModule } from 'i18next';
import { DEFAULT_LANGUAGE, type Language, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, toLanguage } from './languages';

/** Where a visitor's language can come from, read from the browser (or given by a test). */
export interface LanguageSources {
  search: string;
  cookie: string;
  stored: string | null;
  navigatorLanguages: readonly string[];
  htmlLang: string;
}

function cookieValue(cookie: string, name: string): string | undefined {
  for (const part of cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * docs/product/states.md: the query's `?lng=`, the `i18next` cookie, local storage, the browser's languages,
 * `<html lang>`; English otherwise. Always one of our languages, so i18next never loads a second one.
 */
export function detectLanguage(sources: LanguageSources): Language {
  const candidates = [
    new URLSearchParams(sources.search).get('lng'),
    cookieValue(sources.cookie, LANGUAGE_COOKIE),
    sources.stored,
    ...sources.navigatorLanguages,
    sources.htmlLang,
  ];
  for (const candidate of candidates) {
    const language = toLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function browserLanguageSources(): LanguageSources {
  return {
    search: window.location.search,
    cookie: document.cookie,
    stored: readStored(),
    navigatorLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
    htmlLang: document.documentElement.lang,
  };
}

/**
 * i18next's detector, ours rather than i18next-browser-languagedetector: the same order in a tenth of the
 * code on every first load (docs/decisions/007-own-language-detector.md). The choice is kept in local storage.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => detectLanguage(browserLanguageSources()),
  cacheUserLanguage(language: string) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Storage may be unavailable (private mode, quota); the language still applies for this visit.
    }
  },
};
