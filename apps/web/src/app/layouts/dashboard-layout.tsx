import { canSeeAdminLink } from '@hostpilot/shared';
import {
  Bell,
  CreditCard,
  Globe,
  HardDrive,
  Home,
  LifeBuoy,
  Package,
  Receipt,
  Server,
  Settings,
  ShieldCheck,
} from 'lucide-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadCount } from '@/features/dashboard/api/notification-actions';
import { appQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { SidebarAccount } from './sidebar-account';
import { type SidebarLink, SidebarActions } from './sidebar-actions';
import { SidebarLayout, type SidebarItem } from './sidebar-layout';
import { VerifyEmailBanner } from './verify-email-banner';

export function DashboardLayout() {
  return (
    <QueryClientProvider client={appQueryClient()}>
      <DashboardFrame />
    </QueryClientProvider>
  );
}

/** The sidebar's Notifications link and the phone's bell say how many are unread: "Notifications, 3 unread". */
function useNotificationsBadge() {
  const { t } = useTranslation();
  const unread = useUnreadCount().data ?? 0;
  if (unread === 0) return undefined;
  return {
    text: unread > 99 ? '99+' : String(unread),
    label: t('dashboardNav.notificationsUnread', { count: unread }),
  };
}

function DashboardFrame() {
  const { t } = useTranslation();
  const badge = useNotificationsBadge();
  const { user } = useSession();
  const links: SidebarLink[] =
    user && canSeeAdminLink(user.role) ? [{ to: '/admin', label: t('nav.adminPanel'), icon: ShieldCheck }] : [];
  const items: SidebarItem[] = [
    { to: '/dashboard', label: t('dashboardNav.home'), icon: Home, end: true },
    { to: '/dashboard/hosting', label: t('dashboardNav.hosting'), icon: Server },
    { to: '/dashboard/servers', label: t('dashboardNav.servers'), icon: HardDrive },
    { to: '/dashboard/domains', label: t('dashboardNav.domains'), icon: Globe },
    { to: '/dashboard/services', label: t('dashboardNav.services'), icon: Package },
    { to: '/dashboard/orders', label: t('dashboardNav.orders'), icon: Receipt },
    { to: '/dashboard/finance', label: t('dashboardNav.finance'), icon: CreditCard },
    { to: '/dashboard/support', label: t('dashboardNav.support'), icon: LifeBuoy },
    { to: '/dashboard/notifications', label: t('dashboardNav.notifications'), icon: Bell, badge },
    { to: '/dashboard/settings', label: t('dashboardNav.settings'), icon: Settings },
  ];
  const bell = (
    <Link
      to="/dashboard/notifications"
      aria-label={badge?.label ?? t('dashboardNav.notifications')}
      className="relative inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10"
    >
      <Bell aria-hidden="true" className="size-6" />
      {badge && (
        <span
          aria-hidden="true"
          className="absolute top-1 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-danger-600 px-1 text-[0.6875rem] font-semibold text-white"
        >
          {badge.text}
        </span>
      )}
    </Link>
  );
  return (
    <SidebarLayout
      navLabel={t('dashboardNav.label')}
      areaLabel={t('dashboardNav.area')}
      items={items}
      homeLink="/dashboard"
      account={user && <SidebarAccount user={user} />}
      footer={<SidebarActions links={links} />}
      banner={<VerifyEmailBanner />}
      topBar={bell}
    />
  );
}
