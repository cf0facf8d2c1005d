import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import type { FromState } from './redirect-target';

/**
 * docs/product/states.md and docs/product/roles.md: /dashboard needs an authenticated user with a loaded record. Others
 * go to /login, replacing history and remembering where they came from. A spinner shows while the session is checked.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const { status, user, signedOut } = useSession();
  const location = useLocation();
  if (status === 'checking') return <FullPageSpinner label={t('status.checkingSession')} />;
  // A deliberate sign-out goes to the home page; anything else to /login, coming back after.
  if (status !== 'authenticated' && signedOut) return <Navigate to="/" replace />;
  if (status !== 'authenticated' || !user) {
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
