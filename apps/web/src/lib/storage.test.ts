import { afterEach, describe, expect, it } from 'vitest';
import { tokenStorage } from './storage';

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
