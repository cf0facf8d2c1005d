import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { afterSignInPath } from './redirect-target';

/**
 * /login and /register are for visitors: a signed-in user is sent on (docs/product/screens.md), to the page first
 * asked for (or `?next=`), else the back office for staff and the dashboard for customers, replacing history. This is also how a successful sign-in leaves the form.
 */
export function GuestOnly() {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'checking') return <FullPageSpinner label={t('status.checkingSession')} />;
  if (status === 'authenticated')
    return <Navigate to={afterSignInPath(location.state, { role: user?.role, search: location.search })} replace />;
  return <Outlet />;
}
