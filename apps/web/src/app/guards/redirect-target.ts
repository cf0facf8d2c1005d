import { isStaffRole } from '@hostpilot/shared';
import type { Location } from 'react-router';

/** What a guard remembers about the page first asked for. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** A same-site path that is not a sign-in page, else undefined: never "//evil.example" or an absolute URL. */
function safePath(path: string): string | undefined {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  if (path === '/login' || path.startsWith('/login?') || path === '/register') return undefined;
  return path;
}

/**
 * Where to go after signing in: the page first asked for (the guard's remembered page, or a `next` query
 * parameter) when it is one of ours; else the back office for staff (docs/decisions/048-operator-journeys.md)
 * and the dashboard for a customer.
 */
export function afterSignInPath(state: unknown, options: { role?: number; search?: string } = {}): string {
  const home = options.role !== undefined && isStaffRole(options.role) ? '/admin' : '/dashboard';
  const from = (state as FromState | null)?.from;
  if (from && typeof from.pathname === 'string') {
    return safePath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`) ?? home;
  }
  const next = new URLSearchParams(options.search ?? '').get('next');
  return (next && safePath(next)) || home;
}
