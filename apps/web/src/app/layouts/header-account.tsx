import { canSeeAdminLink } from '@hostpilot/shared';
import { LogOut, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useSignOut } from '../use-sign-out';

/**
 * The header's account area: sign-in and registration for visitors; the dashboard, the Admin Panel link
 * (docs/product/roles.md: role > 0 or role = -1) and sign-out for a signed-in user.
 */
export function HeaderAccount({ stacked = false }: { stacked?: boolean }) {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const signOut = useSignOut();
  const layout = stacked ? 'grid gap-2' : 'flex items-center gap-2';

  if (status === 'authenticated' && user) {
    return (
      <div className={layout}>
        {canSeeAdminLink(user.role) && (
          <ButtonLink to="/admin" variant={stacked ? 'secondary' : 'ghost'} fullWidth={stacked}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            {t('nav.adminPanel')}
          </ButtonLink>
        )}
        <ButtonLink to="/dashboard" fullWidth={stacked}>
          {t('nav.dashboard')}
        </ButtonLink>
        <Button variant={stacked ? 'secondary' : 'ghost'} fullWidth={stacked} onClick={() => void signOut()}>
          <LogOut aria-hidden="true" className={cn('size-4', !stacked && 'sm:hidden xl:inline')} />
          {t('nav.logout')}
        </Button>
      </div>
    );
  }

  return (
    <div className={layout}>
      <ButtonLink to="/login" variant={stacked ? 'secondary' : 'ghost'} fullWidth={stacked}>
        {t('nav.login')}
      </ButtonLink>
      <ButtonLink to="/register" fullWidth={stacked}>
        {t('nav.register')}
      </ButtonLink>
    </div>
  );
}
