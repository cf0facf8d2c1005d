import { describe, expect, it } from 'vitest';
import { pageLanguage } from './page-language';

const LANGUAGES = ['en', 'ru'];
const none = { query: undefined, cookie: undefined, acceptLanguage: undefined };

describe('the language of a prerendered page', () => {
  it('is English when nothing says otherwise, or when nothing names a language we have', () => {
    expect(pageLanguage(none, LANGUAGES)).toBe('en');
    expect(pageLanguage({ query: 'de', cookie: 'i18next=fr', acceptLanguage: 'de-DE, fr;q=0.5' }, LANGUAGES)).toBe(
      'en',
    );
  });

  it('takes ?lng first, then the i18next cookie, then Accept-Language', () => {
    expect(pageLanguage({ query: 'ru', cookie: 'i18next=en', acceptLanguage: 'en' }, LANGUAGES)).toBe('ru');
    expect(pageLanguage({ query: 'EN-us', cookie: 'i18next=ru', acceptLanguage: 'ru' }, LANGUAGES)).toBe('en');
    expect(pageLanguage({ query: undefined, cookie: 'a=1; i18next=ru', acceptLanguage: 'en' }, LANGUAGES)).toBe('ru');
    expect(pageLanguage({ query: 'xx', cookie: 'i18next=zz', acceptLanguage: 'ru-RU,ru;q=0.9' }, LANGUAGES)).toBe('ru');
  });

  it('reads Accept-Language by quality, skipping languages we lack and those refused with q=0', () => {
    expect(pageLanguage({ ...none, acceptLanguage: 'de;q=1, ru;q=0.8, en;q=0.5' }, LANGUAGES)).toBe('ru');
    expect(pageLanguage({ ...none, acceptLanguage: 'en;q=0.2, ru;q=0.9' }, LANGUAGES)).toBe('ru');
    expect(pageLanguage({ ...none, acceptLanguage: 'ru;q=0, en;q=0.1' }, LANGUAGES)).toBe('en');
    expect(pageLanguage({ ...none, acceptLanguage: 'ru;q=0' }, LANGUAGES)).toBe('en');
  });

  it('ignores a cookie it cannot decode', () => {
    expect(pageLanguage({ ...none, cookie: 'i18next=%E0%A4%A', acceptLanguage: 'ru' }, LANGUAGES)).toBe('ru');
  });

  it("falls back to the back office's Default Language only when the visitor states no language we have", () => {
    expect(pageLanguage(none, LANGUAGES, 'ru')).toBe('ru');
    expect(pageLanguage({ ...none, acceptLanguage: 'de, fr;q=0.8' }, LANGUAGES, 'ru')).toBe('ru');
    expect(pageLanguage({ ...none, acceptLanguage: 'en-GB' }, LANGUAGES, 'ru')).toBe('en');
    expect(pageLanguage({ ...none, cookie: 'i18next=en' }, LANGUAGES, 'ru')).toBe('en');
    expect(pageLanguage(none, LANGUAGES, 'xx')).toBe('en');
  });
});
