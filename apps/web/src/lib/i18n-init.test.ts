import { afterEach, describe, expect, it } from 'vitest';
import { currentLanguage, i18n, initI18n } from './i18n';

describe('initI18n', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('knows the detected language as soon as it returns, before any texts have loaded', () => {
    window.history.replaceState(null, '', '/?lng=ru');
    initI18n();
    expect(i18n.hasLoadedNamespace('common')).toBe(false);
    expect(currentLanguage()).toBe('ru');
  });
});

describe('the visitor’s language choice', () => {
  it('is kept in the i18next cookie, which the server reads for the next page, and in local storage', async () => {
    initI18n();
    await i18n.changeLanguage('ru');
    expect(document.cookie).toContain('i18next=ru');
    expect(localStorage.getItem('i18nextLng')).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    await i18n.changeLanguage('en');
    expect(document.cookie).toContain('i18next=en');
    expect(document.cookie).not.toContain('i18next=ru');
  });
});
