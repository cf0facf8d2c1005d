import { canSeeAdminLink } from '@hostpilot/shared';
import { Bell, CreditCard, Globe, Home, LifeBuoy, Package, Server, Settings, ShieldCheck } from 'lucide-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { SidebarAccount } from './sidebar-account';
import { type SidebarLink, SidebarActions } from './sidebar-actions';
import { SidebarLayout, type SidebarItem } from './sidebar-layout';
import { VerifyEmailBanner } from './verify-email-banner';

export function DashboardLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const links: SidebarLink[] =
    user && canSeeAdminLink(user.role) ? [{ to: '/admin', label: t('nav.adminPanel'), icon: ShieldCheck }] : [];
  const items: SidebarItem[] = [
    { to: '/dashboard', label: t('dashboardNav.home'), icon: Home, end: true },
    { to: '/dashboard/hosting', label: t('dashboardNav.hosting'), icon: Server },
    { to: '/dashboard/domains', label: t('dashboardNav.domains'), icon: Globe },
    { to: '/dashboard/services', label: t('dashboardNav.services'), icon: Package },
    { to: '/dashboard/finance', label: t('dashboardNav.finance'), icon: CreditCard },
    { to: '/dashboard/support', label: t('dashboardNav.support'), icon: LifeBuoy },
    { to: '/dashboard/notifications', label: t('dashboardNav.notifications'), icon: Bell },
    { to: '/dashboard/settings', label: t('dashboardNav.settings'), icon: Settings },
  ];
  return (
    <QueryClientProvider client={appQueryClient()}>
      <SidebarLayout
        navLabel={t('dashboardNav.label')}
        areaLabel={t('dashboardNav.area')}
        items={items}
        homeLink="/dashboard"
        account={user && <SidebarAccount user={user} />}
        footer={<SidebarActions links={links} />}
        banner={<VerifyEmailBanner />}
      />
    </QueryClientProvider>
  );
}
