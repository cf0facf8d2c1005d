import {
  CreditCard,
  DollarSign,
  FileWarning,
  Globe,
  LifeBuoy,
  type LucideIcon,
  Server,
  UserPlus,
  Users,
  Wrench,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { PageHeader } from '@/components/ui/page-header';
import { StatCard } from '@/components/ui/stat-card';
import { StatusBadge } from '@/components/ui/status-badge';
import { UsageBar } from '@/components/ui/usage-bar';
import type { StatusTone } from '@/lib/status';
import type { ActivityKind, AdminOverview, TicketPriority } from '../api/types';
import { useAdminOverview } from '../api/use-admin-data';
import { usePermissions } from '../api/use-permissions';
import { MaintenanceDialog } from '../components/maintenance-dialog';
import { OverviewCharts } from '../components/overview-charts';
import { useAdminFormat } from '../lib/use-admin-format';

const ACTIVITY_ICONS: Record<ActivityKind, LucideIcon> = {
  account: UserPlus,
  service: Server,
  domain: Globe,
  payment: CreditCard,
  invoice: CreditCard,
  ticket: LifeBuoy,
};

const PRIORITY_TONES: Record<TicketPriority, StatusTone> = {
  urgent: 'danger',
  high: 'danger',
  medium: 'warning',
  low: 'info',
};

export function AdminOverviewPage() {
  const { t } = useTranslation('admin');
  const overview = useAdminOverview();
  const { can } = usePermissions();
  const [maintenanceOpen, setMaintenanceOpen] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title={t('overview.heading')}
        description={t('overview.intro')}
        actions={
          <>
            {can('system.maintenance') && (
              <Button variant="secondary" onClick={() => setMaintenanceOpen(true)}>
                <Wrench aria-hidden="true" className="size-4" />
                {t('overview.maintenance')}
              </Button>
            )}
            {can('settings.read') && (
              <ButtonLink to="/admin/error-logs" variant="secondary">
                <FileWarning aria-hidden="true" className="size-4" />
                {t('overview.errorLogs')}
              </ButtonLink>
            )}
          </>
        }
      />
      {outcome && (
        <Alert tone="success" className="mb-6">
          {outcome}
        </Alert>
      )}

      <QueryView
        query={overview}
        errorTitle={t('overview.loadError')}
        skeleton={
          <>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              {[0, 1, 2, 3].map((key) => (
                <Skeleton key={key} className="h-28" />
              ))}
            </div>
            <div className="mt-6 grid gap-6 lg:grid-cols-3">
              <Skeleton className="h-80 lg:col-span-2" />
              <Skeleton className="h-80" />
            </div>
          </>
        }
      >
        {(data) => <OverviewContent data={data} />}
      </QueryView>
      <MaintenanceDialog open={maintenanceOpen} onClose={() => setMaintenanceOpen(false)} onDone={setOutcome} />
    </>
  );
}

function OverviewContent({ data }: { data: AdminOverview }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const { statistics: stats } = data;
  const growth = (value: number | null) =>
    value === null
      ? t('overview.noComparison')
      : t('overview.growth', { value: `${value > 0 ? '+' : ''}${format.percent(value, 1)}` });
  return (
    <>
      <section aria-label={t('overview.statistics')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          icon={Users}
          label={t('overview.totalUsers')}
          value={format.number(stats.totalUsers)}
          detail={growth(stats.userGrowth)}
          to="/admin/users"
        />
        <StatCard
          icon={Server}
          label={t('overview.activeHosting')}
          value={format.number(stats.activeHosting)}
          detail={
            stats.serverLoad === null
              ? t('overview.noServerLoad')
              : t('overview.serverLoad', { value: format.percent(stats.serverLoad) })
          }
          to="/admin/hosting"
        />
        <StatCard
          icon={Globe}
          label={t('overview.activeDomains')}
          value={format.number(stats.activeDomains)}
          detail={
            <span>
              <span className="sr-only">{t('overview.tldSplit')}: </span>
              {data.tldSplit.map(({ tld, percent }) => `${tld} ${format.percent(percent)}`).join(' · ')}
            </span>
          }
          to="/admin/domains"
        />
        <StatCard
          icon={DollarSign}
          label={t('overview.monthlyRevenue')}
          value={format.money(stats.revenue)}
          detail={growth(stats.revenueGrowth)}
          to="/admin/billing"
        />
      </section>

      <OverviewCharts />

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card as="section" aria-labelledby="overview-activity" className="lg:col-span-2">
          <h2 id="overview-activity" className="text-lg font-semibold text-slate-900">
            {t('overview.recentActivity')}
          </h2>
          <ol className="mt-4 divide-y divide-slate-100">
            {data.activity.map((event) => {
              const Icon = ACTIVITY_ICONS[event.kind];
              return (
                <li key={event.id} className="flex items-start gap-3 py-3">
                  <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                    <Icon aria-hidden="true" className="size-4" />
                  </span>
                  <div className="min-w-0">
                    <p className="text-sm text-slate-900">
                      <span className="font-medium">{event.user}</span>: {event.text}
                    </p>
                    <p className="text-sm text-slate-500">
                      <time dateTime={new Date(event.createdAt).toISOString()} title={format.dateTime(event.createdAt)}>
                        {format.relative(event.createdAt)}
                      </time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        </Card>

        <div className="space-y-6">
          <Card as="section" aria-labelledby="overview-system">
            <h2 id="overview-system" className="text-lg font-semibold text-slate-900">
              {t('overview.systemStatus')}
            </h2>
            <div className="mt-4 space-y-4">
              {(['cpu', 'memory', 'storage'] as const).map((metric) => (
                <UsageBar
                  key={metric}
                  label={t(`metrics.${metric}`)}
                  percent={data.systemStatus[metric]}
                  valueText={format.percent(data.systemStatus[metric])}
                />
              ))}
            </div>
          </Card>

          <Card as="section" aria-labelledby="overview-support">
            <h2 id="overview-support" className="text-lg font-semibold text-slate-900">
              {t('overview.supportQueue')}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t('overview.ticketsOpen', { count: stats.ticketsOpen })}</p>
            <ul className="mt-4 space-y-3">
              {data.supportQueue.map(({ priority, count }) => (
                <li key={priority} className="flex items-center justify-between gap-3">
                  <StatusBadge tone={PRIORITY_TONES[priority]} label={t(`overview.priority.${priority}`)} />
                  <span className="text-sm font-semibold text-slate-900 tabular-nums">
                    {t('overview.tickets', { count })}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </>
  );
}
