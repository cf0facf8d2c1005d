import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it('knows the most common passwords, whatever their case', () => {
    for (const password of ['123456', 'password', 'qwerty', 'iloveyou', 'Password', 'DRAGON', 'baseball']) {
      expect(isCommonPassword(password)).toBe(true);
    }
  });

  it('holds exactly the first 10,000 of the ranked list', () => {
    const ranked = dictionary['passwords-common'];
    expect(ranked.length).toBeGreaterThan(COMMON_PASSWORD_COUNT);
    expect(isCommonPassword(ranked[COMMON_PASSWORD_COUNT - 1]!)).toBe(true);
    const next = ranked.slice(COMMON_PASSWORD_COUNT).find((p) => !ranked.slice(0, COMMON_PASSWORD_COUNT).includes(p));
    expect(isCommonPassword(next!)).toBe(false);
  });

  it('lets an uncommon password through', () => {
    expect(isCommonPassword('correct horse battery')).toBe(false);
    expect(isCommonPassword('Gq7!vN2#pL9$')).toBe(false);
  });
});
