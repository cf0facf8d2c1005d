import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { afterSignInPath } from './redirect-target';

/**
 * /login and /register are for visitors: a signed-in user is sent on (docs/product/screens.md), to the page first
 * asked for or the dashboard, replacing history. This is also how a successful sign-in leaves the form.
 */
export function GuestOnly() {
  const { t } = useTranslation();
  const { status } = useSession();
  const location = useLocation();
  if (status === 'checking') return <FullPageSpinner label={t('status.checkingSession')} />;
  if (status === 'authenticated') return <Navigate to={afterSignInPath(location.state)} replace />;
  return <Outlet />;
}
