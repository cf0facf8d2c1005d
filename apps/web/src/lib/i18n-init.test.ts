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
