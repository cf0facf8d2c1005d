import { canEnterAdmin } from '@hostpilot/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { type StaffAccess, staffAccess } from '@/features/admin/api/staff-access';
import { useSession } from '@/lib/session';
import type { FromState } from './redirect-target';

type StaffCheck = 'checking' | StaffAccess;

/** Asks once per staff account whether the back office opens for it (`staffAccess`). */
function useStaffCheck(userId: string | null): StaffCheck {
  const [result, setResult] = useState<{ userId: string; check: StaffAccess } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    void staffAccess().then((check) => live && setResult({ userId, check }));
    return () => {
      live = false;
    };
  }, [userId]);
  return result && result.userId === userId ? result.check : 'checking';
}

/**
 * docs/product/roles.md: /admin needs an authenticated user whose role is not 0. Role 0 and signed-out users are
 * sent to /login; a signed-in customer is then sent on to the dashboard (signed-in users never stay on /login).
 * A staff account that must set up two-factor sign-in first is sent to it, in the dashboard's settings.
 */
export function RequireAdmin() {
  const { t } = useTranslation();
  const { status, user, signedOut } = useSession();
  const location = useLocation();
  const staff = status === 'authenticated' && user && canEnterAdmin(user.role) ? user.id : null;
  const check = useStaffCheck(staff);
  if (status === 'checking') return <FullPageSpinner label={t('status.checkingSession')} />;
  // A deliberate sign-out goes to the home page; anything else to /login, coming back after.
  if (status !== 'authenticated' && signedOut) return <Navigate to="/" replace />;
  if (status !== 'authenticated' || !user) {
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  if (!canEnterAdmin(user.role)) return <Navigate to="/login" replace />;
  if (check === 'checking') return <FullPageSpinner label={t('status.checkingSession')} />;
  if (check === 'twoFactorRequired') return <Navigate to="/dashboard/settings#two-factor" replace />;
  return <Outlet />;
}
