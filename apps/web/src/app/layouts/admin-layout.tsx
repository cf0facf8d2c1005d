import type { Permission } from '@hostpilot/shared';
import {
  BadgeCheck,
  CalendarClock,
  CreditCard,
  ShoppingCart,
  Globe,
  History,
  Home,
  Inbox,
  LifeBuoy,
  LayoutDashboard,
  Server,
  Settings,
  ShieldCheck,
  Users,
  Workflow,
} from 'lucide-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { usePermissions } from '@/features/admin/api/use-permissions';
import { SidebarAccount } from './sidebar-account';
import { SidebarActions } from './sidebar-actions';
import { SidebarLayout, type SidebarItem } from './sidebar-layout';

export function AdminLayout() {
  return (
    <QueryClientProvider client={appQueryClient()}>
      <AdminShell />
    </QueryClientProvider>
  );
}

/** The back office's menu shows the areas the role may read (the API refuses the rest anyway, decision 014). */
function AdminShell() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { can, loaded } = usePermissions();
  const items: (SidebarItem & { needs: Permission })[] = [
    { to: '/admin', label: t('adminNav.overview'), icon: LayoutDashboard, end: true, needs: 'overview.read' },
    { to: '/admin/users', label: t('adminNav.users'), icon: Users, needs: 'users.read' },
    { to: '/admin/servers', label: t('adminNav.servers'), icon: Server, needs: 'servers.read' },
    { to: '/admin/hosting', label: t('adminNav.hosting'), icon: ShieldCheck, needs: 'hosting.read' },
    { to: '/admin/domains', label: t('adminNav.domains'), icon: Globe, needs: 'domains.read' },
    { to: '/admin/billing', label: t('adminNav.billing'), icon: CreditCard, needs: 'billing.read' },
    { to: '/admin/orders', label: t('adminNav.orders'), icon: ShoppingCart, needs: 'orders.read' },
    { to: '/admin/support', label: t('adminNav.support'), icon: LifeBuoy, needs: 'tickets.read' },
    { to: '/admin/audit', label: t('adminNav.audit'), icon: History, needs: 'audit.read' },
    { to: '/admin/provisioning', label: t('adminNav.provisioning'), icon: Workflow, needs: 'provisioning.read' },
    { to: '/admin/certificates', label: t('adminNav.certificates'), icon: BadgeCheck, needs: 'provisioning.read' },
    { to: '/admin/scheduler', label: t('adminNav.scheduler'), icon: CalendarClock, needs: 'settings.read' },
    { to: '/admin/settings', label: t('adminNav.settings'), icon: Settings, needs: 'settings.read' },
    { to: '/admin/outbox', label: t('adminNav.outbox'), icon: Inbox, needs: 'settings.read' },
  ];
  return (
    <SidebarLayout
      navLabel={t('adminNav.label')}
      areaLabel={t('adminNav.area')}
      items={loaded ? items.filter((item) => can(item.needs)) : items}
      homeLink="/admin"
      account={user && <SidebarAccount user={user} />}
      footer={<SidebarActions links={[{ to: '/dashboard', label: t('adminNav.customerDashboard'), icon: Home }]} />}
    />
  );
}
