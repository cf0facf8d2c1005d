import {
  AlertTriangle,
  CalendarClock,
  FolderOpen,
  LayoutDashboard,
  RefreshCw,
  Settings2,
  ShieldCheck,
  XCircle,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { StatusBadge } from '@/components/ui/status-badge';
import { UsageBar } from '@/components/ui/usage-bar';
import { hostingStatusTone } from '@/lib/status';
import type { HostingService } from '../api/types';
import { dashboardPaths } from '../lib/paths';
import { useDashboardFormat } from '../lib/use-dashboard-format';
import { AutoRenewSwitch } from './money/auto-renew-switch';
import { PendingPlanChange } from './money/manage-service-dialog';
import { PendingCancellation } from './money/pending-cancellation';
import { useStatusLabel } from './status-label';
import { SetupBadge } from './setup-badge';

export interface HostingServiceCardProps {
  service: HostingService;
  /** Manage (the plan change dialog), renew and cancel open their dialogs. */
  onAction: (action: 'manage' | 'renew' | 'cancel', service: HostingService) => void;
}

/** One hosting service: domain, status, plan, storage and bandwidth bars, expiry, auto-renew and its actions. */
export function HostingServiceCard({ service, onAction }: HostingServiceCardProps) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const statusLabel = useStatusLabel();
  const cancelled = service.status === 'cancelled';
  const pendingCancel = service.cancelRequestedAt !== null && !cancelled;
  const headingId = `hosting-${service.id}`;
  const measured = service.measured;
  // Measured figures are shown to the byte's unit (a new site's few KB are not "0 GB").
  const share = (bytes: number, totalGb: number | null) =>
    totalGb !== null && totalGb > 0 ? Math.min(100, (bytes / (totalGb * 1024 ** 3)) * 100) : 0;
  const storagePercent = measured
    ? share(measured.diskBytes, service.storage.total)
    : format.usagePercent(service.storage);
  const bandwidthPercent = measured
    ? share(measured.bandwidthBytes, service.bandwidth.total)
    : format.usagePercent(service.bandwidth);
  const measuredText = (bytes: number, totalGb: number | null, percent: number) =>
    totalGb === null
      ? t('units.usageUnlimited', { used: format.size(bytes) })
      : t('units.usage', {
          used: format.size(bytes),
          total: format.gb(totalGb),
          percent: format.percent(percent, percent > 0 && percent < 1 ? 1 : 0),
        });

  return (
    <article
      aria-labelledby={headingId}
      className="min-w-0 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
            {service.domain}
          </h2>
          <p className="text-sm text-slate-600">
            {service.name} · {t('hosting.plan', { plan: service.plan })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <StatusBadge tone={hostingStatusTone(service.status)} label={statusLabel(service.status)} />
          <SetupBadge setup={service.setup} />
        </div>
      </div>

      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <UsageBar
          label={t('hosting.storage')}
          percent={storagePercent}
          valueText={
            measured
              ? measuredText(measured.diskBytes, service.storage.total, storagePercent)
              : format.usageText(service.storage)
          }
        />
        <UsageBar
          label={t('hosting.bandwidth')}
          percent={bandwidthPercent}
          valueText={
            measured
              ? measuredText(measured.bandwidthBytes, service.bandwidth.total, bandwidthPercent)
              : format.usageText(service.bandwidth)
          }
        />
      </div>
      {measured && (
        <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          <span>
            {t('hosting.measured.updated', { time: format.relative(measured.measuredAt) })}
            <span className="sr-only"> ({format.dateTime(measured.measuredAt)})</span>
          </span>
          <span>{t('hosting.measured.databases', measured.databases)}</span>
          <span>{t('hosting.measured.domains', measured.domains)}</span>
        </div>
      )}
      {service.measurement === 'pending' && (
        <p className="mt-3 text-xs text-slate-600">{t('hosting.measured.pending')}</p>
      )}
      {measured?.overQuota && (
        <p
          role="alert"
          className="mt-3 flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('hosting.measured.overQuota')}
        </p>
      )}

      <div className="mt-5 flex flex-col gap-4 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <CalendarClock aria-hidden="true" className="size-4 text-slate-500" />
          {t('hosting.expires', { date: format.date(service.expiresAt) })}
        </p>
        <AutoRenewSwitch
          subject={{ type: 'service', id: service.id }}
          checked={service.autoRenew}
          name={service.domain}
          disabled={cancelled || pendingCancel}
          className="sm:min-w-56"
        />
      </div>
      {pendingCancel && <PendingCancellation service={service} className="mt-4" />}
      {!cancelled && service.pendingPlan && (
        <PendingPlanChange
          service={{
            id: service.id,
            name: service.domain,
            currentPlan: service.plan,
            pendingPlan: service.pendingPlan,
            expiresAt: service.expiresAt,
          }}
          className="mt-4"
        />
      )}

      <div className="mt-4 flex flex-wrap gap-2">
        <ButtonLink to={dashboardPaths.panel(service.id)} size="sm">
          <LayoutDashboard aria-hidden="true" className="size-4" />
          {t('hosting.controlPanel')} <span className="sr-only">{service.domain}</span>
        </ButtonLink>
        <Button variant="secondary" size="sm" onClick={() => onAction('manage', service)}>
          <Settings2 aria-hidden="true" className="size-4" />
          {t('hosting.manage')} <span className="sr-only">{service.domain}</span>
        </Button>
        {service.status === 'active' && (
          <ButtonLink to={dashboardPaths.files(service.id)} variant="secondary" size="sm">
            <FolderOpen aria-hidden="true" className="size-4" />
            {t('hosting.server.fileManager')} <span className="sr-only">{service.domain}</span>
          </ButtonLink>
        )}
        <ButtonLink to={dashboardPaths.certificate(service.id)} variant="secondary" size="sm">
          <ShieldCheck aria-hidden="true" className="size-4" />
          {t('certificates.page.open')} <span className="sr-only">{service.domain}</span>
        </ButtonLink>
        {!cancelled && service.status !== 'pending' && (
          <Button variant="secondary" size="sm" onClick={() => onAction('renew', service)}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('hosting.renew')} <span className="sr-only">{service.domain}</span>
          </Button>
        )}
        {!cancelled && !pendingCancel && (
          <Button variant="secondary" size="sm" onClick={() => onAction('cancel', service)}>
            <XCircle aria-hidden="true" className="size-4" />
            {t('hosting.cancel')} <span className="sr-only">{service.domain}</span>
          </Button>
        )}
      </div>
    </article>
  );
}
