import { afterEach, describe, expect, it } from 'vitest';
import { keptAnswers, tokenStorage } from './storage';

describe('tokenStorage and remember me', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps a remembered sign-in in localStorage', () => {
    tokenStorage.setTokens('a1', 'r1', true);
    expect(localStorage.getItem('auth_token')).toBe('a1');
    expect(localStorage.getItem('refresh_token')).toBe('r1');
    expect(sessionStorage.length).toBe(0);
    expect(tokenStorage.getRefreshToken()).toBe('r1');
  });

  it('keeps an unremembered sign-in in sessionStorage only, and refreshes it there', () => {
    tokenStorage.setTokens('old', 'old', true);
    tokenStorage.setTokens('a1', 'r1', false);
    expect(sessionStorage.getItem('refresh_token')).toBe('r1');
    expect(localStorage.getItem('refresh_token')).toBeNull();
    tokenStorage.setTokens('a2', 'r2');
    tokenStorage.setAccessToken('a3');
    expect(sessionStorage.getItem('refresh_token')).toBe('r2');
    expect(sessionStorage.getItem('auth_token')).toBe('a3');
    expect(localStorage.length).toBe(0);
    expect(tokenStorage.getAccessToken()).toBe('a3');
  });

  it('clears both', () => {
    tokenStorage.setTokens('a1', 'r1', false);
    localStorage.setItem('refresh_token', 'stale');
    tokenStorage.clear();
    expect(tokenStorage.getRefreshToken()).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });
});

describe('keptAnswers (docs/decisions/047-interactive-from-first-paint.md)', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps an answer beside the tokens, per account, and drops another account’s', () => {
    tokenStorage.setTokens('access', 'refresh', true);
    keptAnswers.write('summary', 7, { balance: 10 }, 1_000);
    expect(keptAnswers.read('summary', 7)).toEqual({ savedAt: 1_000, data: { balance: 10 } });
    expect(sessionStorage.length).toBe(0);
    expect(keptAnswers.read('summary', 8)).toBeNull();

    keptAnswers.write('summary', 8, { balance: 20 }, 2_000);
    expect(keptAnswers.read('summary', 7)).toBeNull();
    expect(keptAnswers.read('summary', 8)).toEqual({ savedAt: 2_000, data: { balance: 20 } });
  });

  it('keeps it in sessionStorage for a sign-in not remembered, and nothing when signed out', () => {
    keptAnswers.write('summary', 7, { balance: 10 });
    expect(keptAnswers.read('summary', 7)).toBeNull();

    tokenStorage.setTokens('access', 'refresh', false);
    keptAnswers.write('summary', 7, { balance: 10 });
    expect(localStorage.length).toBe(0);
    expect(keptAnswers.read('summary', 7)?.data).toEqual({ balance: 10 });
  });

  it('is cleared on sign-out and on a new sign-in', () => {
    tokenStorage.setTokens('access', 'refresh', true);
    keptAnswers.write('summary', 7, { balance: 10 });
    tokenStorage.clear();
    expect(keptAnswers.read('summary', 7)).toBeNull();

    tokenStorage.setTokens('access', 'refresh', true);
    keptAnswers.write('summary', 7, { balance: 10 });
    tokenStorage.setTokens('access-2', 'refresh-2', true);
    expect(keptAnswers.read('summary', 7)).toBeNull();
    // A refresh of the same sign-in keeps it.
    keptAnswers.write('summary', 7, { balance: 10 });
    tokenStorage.setTokens('access-3', 'refresh-3');
    expect(keptAnswers.read('summary', 7)?.data).toEqual({ balance: 10 });
  });
});
