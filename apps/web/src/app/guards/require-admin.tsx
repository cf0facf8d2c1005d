import { canEnterAdmin } from '@hostpilot/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import type { FromState } from './redirect-target';

/**
 * docs/product/roles.md: /admin needs an authenticated user whose role is not 0. Role 0 and signed-out users are
 * sent to /login; a signed-in customer is then sent on to the dashboard (signed-in users never stay on /login).
 */
export function RequireAdmin() {
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
  if (!canEnterAdmin(user.role)) return <Navigate to="/login" replace />;
  return <Outlet />;
}
