import { describe, expect, it } from 'vitest';
import { detectLanguage, type LanguageSources } from './language-detector';
import { toLanguage } from './languages';

const none: LanguageSources = { search: '', cookie: '', stored: null, navigatorLanguages: [], htmlLang: '' };

describe('detectLanguage (the order of docs/product/states.md)', () => {
  it('falls back to English when nothing says otherwise', () => {
    expect(detectLanguage(none)).toBe('en');
  });

  it('takes ?lng= before everything else', () => {
    expect(
      detectLanguage({
        search: '?lng=ru',
        cookie: 'i18next=en',
        stored: 'en',
        navigatorLanguages: ['en'],
        htmlLang: 'en',
      }),
    ).toBe('ru');
  });

  it('then the i18next cookie, then local storage, then the browser, then <html lang>', () => {
    expect(detectLanguage({ ...none, cookie: 'a=1; i18next=ru', stored: 'en', navigatorLanguages: ['en'] })).toBe('ru');
    expect(detectLanguage({ ...none, stored: 'ru', navigatorLanguages: ['en-US'] })).toBe('ru');
    expect(detectLanguage({ ...none, navigatorLanguages: ['de-DE', 'ru-RU', 'en'] })).toBe('ru');
    expect(detectLanguage({ ...none, htmlLang: 'ru' })).toBe('ru');
  });

  it('skips values that are not our languages instead of choosing them', () => {
    expect(
      detectLanguage({ ...none, search: '?lng=de', cookie: 'i18next=fr', stored: 'xx', navigatorLanguages: ['ru'] }),
    ).toBe('ru');
    expect(detectLanguage({ ...none, cookie: 'i18next=%E0%A4%A' })).toBe('en');
  });
});

describe('toLanguage', () => {
  it('reads regional and oddly written tags', () => {
    expect(toLanguage('ru-RU')).toBe('ru');
    expect(toLanguage('EN_gb')).toBe('en');
    expect(toLanguage(' ru ')).toBe('ru');
    expect(toLanguage('uk')).toBeUndefined();
    expect(toLanguage(null)).toBeUndefined();
  });
});
