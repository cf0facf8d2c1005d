import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DnsRecordsEditor } from '@/components/dns/dns-records-editor';
import { DsRecords } from '@/components/dns/ds-records';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { statusTone } from '@/lib/status';
import { dashboardPaths } from '../lib/paths';
import { dashboardKeys } from '../api/keys';
import { dashboardQueries } from '../api/queries';
import { NameserversPanel, TransferLockPanel } from '../components/domains/domain-settings';
import { Panel } from '../components/panel';
import { useStatusLabel } from '../components/status-label';
import { useDashboardFormat } from '../lib/use-dashboard-format';
import { SetupBadge, SetupHint } from '../components/setup-badge';

/** One domain: its dates, transfer lock, name servers, DNS records and DNSSEC DS record (docs/product/screens.md). */
export function DashboardDomainPage() {
  const { t } = useTranslation('dashboard');
  const { id = '' } = useParams();
  const query = useQuery(dashboardQueries.domain(id));
  const queryClient = useQueryClient();
  const format = useDashboardFormat();
  const statusLabel = useStatusLabel();

  return (
    <>
      <Link
        to={dashboardPaths.domains}
        className="mb-4 inline-flex min-h-9 items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('domainDetail.back')}
      </Link>
      <QueryView
        query={query}
        loadingLabel={t('domainDetail.loading')}
        errorTitle={t('domainDetail.loadError')}
        skeleton={<SkeletonRows rows={6} />}
      >
        {(domain) => (
          <>
            <PageHeader title={domain.name} description={t('domainDetail.intro')} />
            <dl className="mb-6 grid gap-4 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) sm:grid-cols-2 lg:grid-cols-4">
              <div>
                <dt className="text-sm text-slate-500">{t('domains.columns.status')}</dt>
                <dd className="mt-1 flex flex-wrap gap-2">
                  <StatusBadge tone={statusTone(domain.status)} label={statusLabel(domain.status)} />
                  <SetupBadge setup={domain.setup} />
                </dd>
                <SetupHint setup={domain.setup} />
              </div>
              <div>
                <dt className="text-sm text-slate-500">{t('domains.columns.expiry')}</dt>
                <dd className="mt-1 font-medium text-slate-900">{format.date(domain.expiresAt)}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-500">{t('domains.columns.records')}</dt>
                <dd className="mt-1 font-medium text-slate-900">{format.number(domain.dnsRecordCount)}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-500">{t('domains.columns.lastChange')}</dt>
                <dd className="mt-1 font-medium text-slate-900">
                  {domain.dnsUpdatedAt ? format.dateTime(domain.dnsUpdatedAt) : t('domains.neverChanged')}
                </dd>
              </div>
            </dl>
            {domain.zoneInUse === false && (
              <Alert tone="info" title={t('domainDetail.zoneNotInUse.title')} className="mb-6">
                {t('domainDetail.zoneNotInUse.body')}
              </Alert>
            )}
            <div className="grid gap-6 lg:grid-cols-2">
              <DnsRecordsEditor
                domainName={domain.name}
                records={domain.dnsRecords}
                recordsPath={`/domains/${encodeURIComponent(domain.id)}/dns-records`}
                importPath={`/domains/${encodeURIComponent(domain.id)}/dns/import`}
                onChanged={() => queryClient.invalidateQueries({ queryKey: dashboardKeys.domains() })}
                frame={({ title, add, body }) => (
                  <Panel title={title} action={add} className="lg:col-span-2">
                    {body}
                  </Panel>
                )}
              />
              <NameserversPanel key={domain.nameservers.join(' ')} domain={domain} />
              <TransferLockPanel domain={domain} />
              <Panel title={t('domainDetail.dnssec.title')} className="lg:col-span-2">
                <DsRecords domainName={domain.name} records={domain.dsRecords} />
              </Panel>
            </div>
          </>
        )}
      </QueryView>
    </>
  );
}
