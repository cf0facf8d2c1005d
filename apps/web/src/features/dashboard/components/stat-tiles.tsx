import { Globe, LifeBuoy, Package, Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@/components/ui/stat-card';
import type { DashboardStats } from '../api/types';

/**
 * The four tiles of the dashboard home, each a link to its page. `slots`: each value is an empty element named by its
 * figure (`data-figure`), for the prerendered frame's copy that src/figures.js fills before the app runs
 * (docs/decisions/065-the-dashboard-paints-with-its-html.md).
 */
export function StatTiles({ stats, slots = false }: { stats: DashboardStats; slots?: boolean }) {
  const { t } = useTranslation('dashboard');
  const tiles = [
    // figure: the summary answer's name of the count (`counts` of /api/dashboard/summary), for the frame's slots.
    { key: 'hosting', figure: 'hosting', to: '/dashboard/hosting', icon: Server, value: stats.hosting },
    { key: 'domains', figure: 'domains', to: '/dashboard/domains', icon: Globe, value: stats.domains },
    { key: 'services', figure: 'services', to: '/dashboard/services', icon: Package, value: stats.services },
    { key: 'tickets', figure: 'openTickets', to: '/dashboard/support', icon: LifeBuoy, value: stats.tickets },
  ] as const;
  return (
    <ul aria-label={t('home.stats.label')} className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 xl:grid-cols-4">
      {tiles.map(({ key, figure, to, icon, value }) => (
        <li key={key}>
          <StatCard
            to={to}
            icon={icon}
            label={t(`home.stats.${key}`)}
            value={slots ? <span data-figure={figure} /> : value}
            detail={t(`home.stats.${key}Detail`)}
            className="h-full"
          />
        </li>
      ))}
    </ul>
  );
}
