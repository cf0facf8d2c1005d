import { SERVER_LOAD_LIMIT_PERCENT, serverAlerts } from '@hostpilot/shared';
import { Activity, AlertTriangle, MapPin, Pencil, Plug, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { StatusBadge } from '@/components/ui/status-badge';
import { UsageBar } from '@/components/ui/usage-bar';
import { cn } from '@/lib/cn';
import { statusTone } from '@/lib/status';
import type { Server } from '../api/types';
import { statusLabel } from '../lib/status-label';
import { useAdminFormat } from '../lib/use-admin-format';
import { RowAction } from './row-action';

export type ServerAction = 'edit' | 'driver' | 'monitor' | 'delete' | 'maintenanceOn' | 'maintenanceOff';

/**
 * One server of docs/product/screens.md: name, location, type, status, IP, services, specs, four usage bars, actions.
 * Edit, Delete and the maintenance switch only for a role that may change servers (`canWrite`).
 */
export function ServerCard({
  server,
  onAction,
  canWrite,
  busy = false,
}: {
  server: Server;
  onAction: (action: ServerAction) => void;
  canWrite: boolean;
  /** A change of this server is on its way: the switch waits for it. */
  busy?: boolean;
}) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const facts = [
    { label: t('servers.ip'), value: <span className="font-mono">{server.ip}</span> },
    {
      label: t('servers.placed'),
      value: t('servers.placedValue', {
        count: server.capacity,
        services: format.number(server.activeServices),
        capacity: format.number(server.capacity),
      }),
    },
    { label: t('servers.cpu'), value: server.specs.cpu },
    { label: t('servers.ram'), value: server.specs.ram },
    { label: t('servers.storage'), value: server.specs.storage },
    { label: t('servers.bandwidth'), value: server.specs.bandwidth },
    {
      label: t('servers.driver.type'),
      value: server.record.driver.type
        ? t(`provisioning.drivers.${server.record.driver.type}`)
        : t('servers.driver.none'),
    },
  ];
  // Over its limits: more services than its capacity, or a resource above the limit (decision 048).
  const alerts = serverAlerts(server.record);
  const alertText = alerts.map((alert) =>
    alert.kind === 'overCapacity'
      ? t('servers.alert.overCapacity', {
          services: format.number(alert.services),
          capacity: format.number(alert.capacity),
        })
      : t('servers.alert.load', {
          metric: t(`metrics.${alert.kind}`),
          percent: format.percent(alert.percent),
          limit: format.percent(SERVER_LOAD_LIMIT_PERCENT),
        }),
  );
  return (
    <Card
      as="article"
      aria-labelledby={`${server.id}-name`}
      aria-describedby={alerts.length > 0 ? `${server.id}-alert` : undefined}
      className={cn('flex flex-col gap-5', alerts.length > 0 && 'ring-2 ring-danger-600/40')}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${server.id}-name`} className="text-lg font-semibold text-slate-900">
            {server.name}
          </h2>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-4" />
              {server.location}
            </span>
            <span>{t(`servers.types.${server.type.toLowerCase()}`, { defaultValue: server.type })}</span>
            <span className="font-mono text-slate-500">{server.id}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <StatusBadge tone={statusTone(server.status)} label={statusLabel(t, server.status)} />
          {alerts.length > 0 && <StatusBadge tone="danger" label={t('servers.alert.badge')} />}
          {server.record.driver.connection.status === 'failed' && (
            <StatusBadge tone="danger" label={t('servers.driver.failedBadge')} />
          )}
        </div>
      </div>
      {alerts.length > 0 && (
        <div
          id={`${server.id}-alert`}
          className="flex gap-3 rounded-xl border border-danger-600/30 bg-danger-50 px-4 py-3 text-sm text-danger-800"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="min-w-0">
            <p className="font-semibold">{t('servers.alert.title')}</p>
            <ul className="mt-1 list-disc pl-4">
              {alertText.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {facts.map((fact) => (
          <div key={fact.label} className="min-w-0">
            <dt className="text-slate-500">{fact.label}</dt>
            <dd className="font-medium break-words text-slate-900">{fact.value}</dd>
          </div>
        ))}
      </dl>
      {server.usage === null ? (
        <p className="text-sm text-slate-600">{t('servers.noSample')}</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {(['cpu', 'memory', 'storage'] as const).map((metric) => (
            <UsageBar
              key={metric}
              label={t(`metrics.${metric}`)}
              percent={server.usage![metric]}
              valueText={format.percent(server.usage![metric])}
            />
          ))}
        </div>
      )}
      <div className="mt-auto flex flex-col gap-4 border-t border-slate-100 pt-4">
        {canWrite && (
          <Switch
            label={t('servers.maintenance', { name: server.name })}
            description={t('servers.maintenanceHint')}
            checked={server.status === 'maintenance'}
            disabled={busy}
            onChange={(on) => onAction(on ? 'maintenanceOn' : 'maintenanceOff')}
          />
        )}
        <div className="flex flex-wrap gap-2">
          {canWrite && (
            <RowAction icon={Pencil} label={t('actions.edit')} subject={server.name} onClick={() => onAction('edit')} />
          )}
          {canWrite && (
            <RowAction
              icon={Plug}
              label={t('servers.driver.action')}
              subject={server.name}
              onClick={() => onAction('driver')}
            />
          )}
          <RowAction
            icon={Activity}
            label={t('actions.monitor')}
            subject={server.name}
            onClick={() => onAction('monitor')}
          />
          {canWrite && (
            <RowAction
              icon={Trash2}
              variant="danger"
              label={t('actions.delete')}
              subject={server.name}
              onClick={() => onAction('delete')}
            />
          )}
        </div>
      </div>
    </Card>
  );
}
