import { Globe, Plus, RefreshCw, Settings2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { dashboardPaths } from '../lib/paths';
import { type Column, DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { StatusBadge } from '@/components/ui/status-badge';
import { statusTone } from '@/lib/status';
import type { Domain } from '../api/types';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { useDomains } from '../api/use-dashboard-data';
import { AutoRenewSwitch } from '../components/money/auto-renew-switch';
import { useMoneyDialogs } from '../components/money/use-money-dialogs';
import { useStatusLabel } from '../components/status-label';
import { useDashboardFormat } from '../lib/use-dashboard-format';
import { SetupBadge } from '../components/setup-badge';

export function DashboardDomainsPage() {
  const { t } = useTranslation('dashboard');
  const query = useDomains();
  const format = useDashboardFormat();
  const statusLabel = useStatusLabel();
  const money = useMoneyDialogs();
  const register = (
    <ButtonLink to="/domains">
      <Plus aria-hidden="true" className="size-4" />
      {t('domains.register')}
    </ButtonLink>
  );

  const columns: Column<Domain>[] = [
    {
      key: 'name',
      header: t('domains.columns.domain'),
      rowHeader: true,
      className: 'min-w-40',
      cell: (domain) => (
        <>
          <span className="block font-semibold text-slate-900">{domain.name}</span>
          <span className="block text-xs text-slate-500">
            {t('domains.registered', { date: format.date(domain.registeredAt) })}
          </span>
        </>
      ),
    },
    {
      key: 'expiry',
      header: t('domains.columns.expiry'),
      cell: (domain) => <span className="whitespace-nowrap">{format.date(domain.expiresAt)}</span>,
    },
    {
      key: 'status',
      header: t('domains.columns.status'),
      cell: (domain) => (
        <span className="flex flex-wrap gap-2">
          <StatusBadge tone={statusTone(domain.status)} label={statusLabel(domain.status)} />
          <SetupBadge setup={domain.setup} />
        </span>
      ),
    },
    {
      key: 'records',
      header: t('domains.columns.records'),
      cell: (domain) => format.number(domain.dnsRecordCount),
    },
    {
      key: 'lastChange',
      header: t('domains.columns.lastChange'),
      cell: (domain) =>
        domain.dnsUpdatedAt ? (
          <time dateTime={new Date(domain.dnsUpdatedAt).toISOString()} className="whitespace-nowrap">
            {format.dateTime(domain.dnsUpdatedAt)}
          </time>
        ) : (
          t('domains.neverChanged')
        ),
    },
    {
      key: 'autoRenew',
      header: t('domains.columns.autoRenew'),
      cell: (domain) => (
        <AutoRenewSwitch
          subject={{ type: 'domain', id: domain.id }}
          checked={domain.autoRenew}
          name={domain.name}
          hideLabel
          className="min-w-24"
        />
      ),
    },
    {
      key: 'actions',
      header: t('domains.columns.actions'),
      cell: (domain) => (
        <div className="flex flex-wrap gap-2">
          <ButtonLink variant="secondary" size="sm" to={dashboardPaths.domain(domain.id)}>
            <Settings2 aria-hidden="true" className="size-4" />
            {t('domains.manage')} <span className="sr-only">{domain.name}</span>
          </ButtonLink>
          <Button variant="secondary" size="sm" onClick={() => money.openRenew({ type: 'domain', id: domain.id })}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('domains.renew')} <span className="sr-only">{domain.name}</span>
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('domains.heading')} description={t('domains.intro')} actions={register} />
      <QueryView
        query={query}
        loadingLabel={t('domains.loading')}
        errorTitle={t('domains.loadError')}
        skeleton={<SkeletonRows rows={4} />}
      >
        {(domains) =>
          domains.length === 0 ? (
            <EmptyState
              icon={Globe}
              title={t('domains.empty.title')}
              description={t('domains.empty.description')}
              action={register}
            />
          ) : (
            <DataTable
              caption={t('domains.caption')}
              captionHidden
              stacked
              columns={columns}
              rows={domains}
              rowKey={(domain) => domain.id}
            />
          )
        }
      </QueryView>
      {money.dialogs}
    </>
  );
}
