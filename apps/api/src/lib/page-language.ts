/** Where the server can learn a visitor's language from, read off the request. */
export interface LanguageHints {
  /** The `lng` query parameter. */
  query: string | undefined;
  /** The raw Cookie header. */
  cookie: string | undefined;
  /** The raw Accept-Language header. */
  acceptLanguage: string | undefined;
}

/** The cookie the web app keeps the visitor's choice in (the same name i18next uses, docs/product/states.md). */
export const LANGUAGE_COOKIE = 'i18next';

/** A language tag ("ru-RU", "EN", "ru_ru") as one of `languages`, or undefined. */
function toLanguage(tag: string | undefined, languages: readonly string[]): string | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return base && languages.includes(base) ? base : undefined;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
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

/** The languages of an Accept-Language header, most wanted first; those with q=0 are refused, so left out. */
function acceptedLanguages(header: string | undefined): string[] {
  const ranked = (header ?? '')
    .split(',')
    .map((item, index) => {
      const [tag = '', ...params] = item.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((item) => item.tag && Number.isFinite(item.q) && item.q > 0);
  return ranked.sort((a, b) => b.q - a.q || a.index - b.index).map((item) => item.tag);
}

/**
 * The language of the HTML the server sends, in the order docs/product/states.md gives the web app's detector:
 * `?lng=`, the `i18next` cookie, then the browser's languages (Accept-Language here; the browser's local storage,
 * which the server cannot read, is mirrored into the cookie by the app). Otherwise `fallback`, the back office's
 * Default Language (docs/decisions/034-system-settings-and-mail.md), else the first language.
 */
export function pageLanguage(hints: LanguageHints, languages: readonly string[], fallback?: string): string {
  const candidates = [
    hints.query,
    cookieValue(hints.cookie, LANGUAGE_COOKIE),
    ...acceptedLanguages(hints.acceptLanguage),
  ];
  for (const candidate of candidates) {
    const language = toLanguage(candidate, languages);
    if (language) return language;
  }
  return fallback && languages.includes(fallback) ? fallback : languages[0]!;
}
