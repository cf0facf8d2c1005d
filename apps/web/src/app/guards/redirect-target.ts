import type { Location } from 'react-router';

/** What a guard remembers about the page first asked for. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where to go after signing in: the page first asked for when it is one of ours, else the dashboard. */
export function afterSignInPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string') return '/dashboard';
  const path = `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  // Only same-site paths: never "//evil.example" or an absolute URL.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/dashboard';
  if (path === '/login' || path.startsWith('/login?') || path === '/register') return '/dashboard';
  return path;
}
