import {
  CalendarClock,
  CreditCard,
  Globe,
  Home,
  LayoutDashboard,
  Server,
  Settings,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { SidebarAccount } from './sidebar-account';
import { SidebarActions } from './sidebar-actions';
import { SidebarLayout, type SidebarItem } from './sidebar-layout';

export function AdminLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const items: SidebarItem[] = [
    { to: '/admin', label: t('adminNav.overview'), icon: LayoutDashboard, end: true },
    { to: '/admin/users', label: t('adminNav.users'), icon: Users },
    { to: '/admin/servers', label: t('adminNav.servers'), icon: Server },
    { to: '/admin/hosting', label: t('adminNav.hosting'), icon: ShieldCheck },
    { to: '/admin/domains', label: t('adminNav.domains'), icon: Globe },
    { to: '/admin/billing', label: t('adminNav.billing'), icon: CreditCard },
    { to: '/admin/scheduler', label: t('adminNav.scheduler'), icon: CalendarClock },
    { to: '/admin/settings', label: t('adminNav.settings'), icon: Settings },
  ];
  return (
    <QueryClientProvider client={appQueryClient()}>
      <SidebarLayout
        navLabel={t('adminNav.label')}
        areaLabel={t('adminNav.area')}
        items={items}
        homeLink="/admin"
        account={user && <SidebarAccount user={user} />}
        footer={<SidebarActions links={[{ to: '/dashboard', label: t('adminNav.customerDashboard'), icon: Home }]} />}
      />
    </QueryClientProvider>
  );
}
