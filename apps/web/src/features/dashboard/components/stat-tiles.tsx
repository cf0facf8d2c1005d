import { Globe, LifeBuoy, Package, Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@/components/ui/stat-card';
import type { DashboardStats } from '../api/types';

/** The four tiles of the dashboard home, each a link to its page. */
export function StatTiles({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation('dashboard');
  const tiles = [
    { key: 'hosting', to: '/dashboard/hosting', icon: Server, value: stats.hosting },
    { key: 'domains', to: '/dashboard/domains', icon: Globe, value: stats.domains },
    { key: 'services', to: '/dashboard/services', icon: Package, value: stats.services },
    { key: 'tickets', to: '/dashboard/support', icon: LifeBuoy, value: stats.tickets },
  ] as const;
  return (
    <ul aria-label={t('home.stats.label')} className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 xl:grid-cols-4">
      {tiles.map(({ key, to, icon, value }) => (
        <li key={key}>
          <StatCard
            to={to}
            icon={icon}
            label={t(`home.stats.${key}`)}
            value={value}
            detail={t(`home.stats.${key}Detail`)}
            className="h-full"
          />
        </li>
      ))}
    </ul>
  );
}
