import { Database, FolderOpen, LayoutDashboard, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/ui/status-badge';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { UsageBar } from '@/components/ui/usage-bar';
import type { ServerStatus } from '../api/types';
import { useDashboardFormat } from '../lib/use-dashboard-format';
import { Panel } from './panel';

const SHORTCUTS = [
  { key: 'cpanel', icon: LayoutDashboard },
  { key: 'fileManager', icon: FolderOpen },
  { key: 'database', icon: Database },
  { key: 'email', icon: Mail },
] as const;

export type ServerShortcut = (typeof SHORTCUTS)[number]['key'];

/**
 * CPU, memory and uptime of the hosting server, with the control-panel shortcuts: those given an address in
 * `links` are links (the File Manager, docs/decisions/057-file-manager.md), the others call `onShortcut`.
 */
export function ServerStatusPanel({
  status,
  onShortcut,
  links = {},
}: {
  status: ServerStatus;
  onShortcut: (shortcut: ServerShortcut) => void;
  links?: Partial<Record<ServerShortcut, string>>;
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
      <h3 className="mt-6 text-sm font-semibold text-slate-900">{t('hosting.server.shortcuts')}</h3>
      <ul className="mt-3 grid grid-cols-2 gap-2">
        {SHORTCUTS.map(({ key, icon: Icon }) => (
          <li key={key}>
            {links[key] ? (
              <ButtonLink to={links[key]} variant="secondary" size="sm" fullWidth className="h-full">
                <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                {t(`hosting.server.${key}`)}
              </ButtonLink>
            ) : (
              <Button variant="secondary" size="sm" fullWidth className="h-full" onClick={() => onShortcut(key)}>
                <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                {t(`hosting.server.${key}`)}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
