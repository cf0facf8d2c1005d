import { describe, expect, it } from 'vitest';
import { afterSignInPath } from './redirect-target';

describe('afterSignInPath', () => {
  it('returns to the page first asked for, with its query and hash', () => {
    expect(
      afterSignInPath({ from: { pathname: '/dashboard/finance', search: '?tab=invoices', hash: '#latest' } }),
    ).toBe('/dashboard/finance?tab=invoices#latest');
  });

  it('falls back to /dashboard', () => {
    expect(afterSignInPath(null)).toBe('/dashboard');
    expect(afterSignInPath({})).toBe('/dashboard');
    expect(afterSignInPath({ from: { pathname: 42 } })).toBe('/dashboard');
  });

  it('never leaves the site or loops back to the sign-in pages', () => {
    expect(afterSignInPath({ from: { pathname: '//evil.example/x', search: '', hash: '' } })).toBe('/dashboard');
    expect(afterSignInPath({ from: { pathname: 'https://evil.example', search: '', hash: '' } })).toBe('/dashboard');
    expect(afterSignInPath({ from: { pathname: '/\\evil.example', search: '', hash: '' } })).toBe('/dashboard');
    expect(afterSignInPath({ from: { pathname: '/login', search: '', hash: '' } })).toBe('/dashboard');
    expect(afterSignInPath({ from: { pathname: '/register', search: '', hash: '' } })).toBe('/dashboard');
  });

  it('takes staff to the back office and customers to the dashboard unless a return address says otherwise', () => {
    expect(afterSignInPath(null, { role: 0 })).toBe('/dashboard');
    expect(afterSignInPath(null, { role: 1 })).toBe('/admin');
    expect(afterSignInPath({}, { role: 3 })).toBe('/admin');
    expect(afterSignInPath({ from: { pathname: '/dashboard/finance', search: '', hash: '' } }, { role: 1 })).toBe(
      '/dashboard/finance',
    );
    expect(afterSignInPath(null, { role: 1, search: '?next=%2Fdashboard%2Ftickets' })).toBe('/dashboard/tickets');
    expect(afterSignInPath(null, { role: 0, search: '?next=%2Fadmin%2Fusers' })).toBe('/admin/users');
    expect(afterSignInPath(null, { role: 1, search: '?next=https%3A%2F%2Fevil.example' })).toBe('/admin');
    expect(afterSignInPath(null, { role: 0, search: '?next=%2F%2Fevil.example' })).toBe('/dashboard');
  });
});
