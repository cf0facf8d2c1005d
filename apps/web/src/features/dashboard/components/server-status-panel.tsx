import { Database, FolderOpen, LayoutDashboard, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { StatusBadge } from '@/components/ui/status-badge';
import { UsageBar } from '@/components/ui/usage-bar';
import type { ServerStatus } from '../api/types';
import { dashboardPaths } from '../lib/paths';
import { useDashboardFormat } from '../lib/use-dashboard-format';
import { Panel } from './panel';

const SHORTCUTS = [
  { key: 'controlPanel', icon: LayoutDashboard, to: dashboardPaths.panel },
  { key: 'fileManager', icon: FolderOpen, to: dashboardPaths.files },
  { key: 'database', icon: Database, to: dashboardPaths.databases },
] as const;

/**
 * CPU, memory and uptime of the hosting server, with shortcuts into the panel of the service shown (its control
 * panel, files and databases). Business e-mail is not built yet, and the panel says so instead of a button.
 */
export function ServerStatusPanel({
  status,
  serviceId,
  domain,
}: {
  status: ServerStatus;
  /** The hosting service the shortcuts open. */
  serviceId: string;
  domain: string;
}) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  return (
    <Panel title={t('hosting.server.title')}>
      <p className="-mt-2 mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {t('hosting.server.name', { name: status.name })}
        <StatusBadge
          tone={status.status === 'active' ? 'success' : 'warning'}
          label={t(`hosting.server.state.${status.status}`)}
        />
      </p>
      <div className="space-y-4">
        {status.cpu === null || status.memory === null ? (
          <p className="text-sm text-slate-600">{t('hosting.server.noSample')}</p>
        ) : (
          <>
            <UsageBar label={t('hosting.server.cpu')} percent={status.cpu} valueText={format.percent(status.cpu)} />
            <UsageBar
              label={t('hosting.server.memory')}
              percent={status.memory}
              valueText={format.percent(status.memory)}
            />
          </>
        )}
        {status.uptime !== null && (
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="font-medium text-slate-700">{t('hosting.server.uptime')}</span>
            <span className="font-semibold text-success-700 tabular-nums">{format.percent(status.uptime, 1)}</span>
          </div>
        )}
      </div>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">{t('hosting.server.shortcuts', { domain })}</h3>
      <ul className="mt-3 grid grid-cols-2 gap-2">
        {SHORTCUTS.map(({ key, icon: Icon, to }) => (
          <li key={key}>
            <ButtonLink to={to(serviceId)} variant="secondary" size="sm" fullWidth className="h-full">
              <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
              {t(`hosting.server.${key}`)}
            </ButtonLink>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex gap-2 text-sm text-slate-600">
        <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
        <span>
          <span className="font-medium text-slate-800">{t('hosting.server.email')}:</span> {t('panel.email.notYet')}
        </span>
      </p>
    </Panel>
  );
}
