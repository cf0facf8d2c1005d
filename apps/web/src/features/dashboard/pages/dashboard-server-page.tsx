import type { CustomerServer, Usage } from '@hostpilot/shared';
import { ArrowLeft, Copy, LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { UsageBar } from '@/components/ui/usage-bar';
import { statusTone } from '@/lib/status';
import { useServer } from '../api/use-dashboard-data';
import { ServiceBilling } from '../components/money/service-billing';
import { useMoneyDialogs } from '../components/money/use-money-dialogs';
import { Panel } from '../components/panel';
import { ServerFacts } from '../components/server-facts';
import { SetupBadge } from '../components/setup-badge';
import { useStatusLabel } from '../components/status-label';
import { dashboardPaths } from '../lib/paths';
import { useDashboardFormat } from '../lib/use-dashboard-format';

/**
 * One of the customer's servers (decision 053): how to reach it (the IP address of its machine, its data centre,
 * its game), its status, its usage and its bill. No password is kept, so none is shown; restarts and other power
 * actions come with the servers' provisioning driver.
 */
export function DashboardServerPage() {
  const { t } = useTranslation('dashboard');
  const { id = '' } = useParams();
  const query = useServer(id);
  return (
    <>
      <Link
        to={dashboardPaths.servers}
        className="mb-4 inline-flex min-h-9 items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('servers.back')}
      </Link>
      <QueryView
        query={query}
        loadingLabel={t('servers.loadingOne')}
        errorTitle={t('servers.loadErrorOne')}
        skeleton={
          <div className="grid gap-6 lg:grid-cols-2">
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        }
      >
        {(server) => <ServerDetail server={server} />}
      </QueryView>
    </>
  );
}

const gbOf = (usage: Usage) => ({
  used: Math.round((usage.usedMb / 1024) * 10) / 10,
  total: usage.totalMb === null ? null : usage.totalMb / 1024,
});

function ServerDetail({ server }: { server: CustomerServer }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const statusLabel = useStatusLabel();
  const money = useMoneyDialogs();
  const [copyNote, setCopyNote] = useState('');
  const storage = gbOf(server.usage.storage);
  const bandwidth = gbOf(server.usage.bandwidth);

  async function copyAddress(address: string) {
    try {
      await navigator.clipboard.writeText(address);
      setCopyNote(t('servers.access.copied'));
    } catch {
      setCopyNote(t('servers.access.copyFailed'));
    }
  }

  return (
    <>
      <PageHeader
        title={server.name}
        description={`${t(`orders.kinds.${server.kind}`)} · ${server.plan.name}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <StatusBadge tone={statusTone(server.status)} label={statusLabel(server.status)} />
            <SetupBadge setup={server.setup} />
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t('servers.access.title')}>
          <p className="-mt-2 mb-4 text-sm text-slate-600">{t('servers.access.intro')}</p>
          <ServerFacts server={server} className="grid gap-3 text-sm sm:grid-cols-2" />
          {server.access && (
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <Button variant="secondary" size="sm" onClick={() => void copyAddress(server.access!.ipAddress)}>
                <Copy aria-hidden="true" className="size-4" />
                {t('servers.access.copy')}
              </Button>
              <ButtonLink to={dashboardPaths.support} variant="secondary" size="sm">
                <LifeBuoy aria-hidden="true" className="size-4" />
                {t('servers.support')}
              </ButtonLink>
            </div>
          )}
          <p role="status" className="mt-2 min-h-5 text-sm text-slate-600">
            {copyNote}
          </p>
        </Panel>
        <Panel title={t('servers.usage.title')}>
          <div className="space-y-4">
            <UsageBar
              label={t('servers.usage.cpu')}
              percent={server.usage.cpuPercent}
              valueText={format.percent(server.usage.cpuPercent)}
            />
            <UsageBar
              label={t('servers.usage.memory')}
              percent={server.usage.memoryPercent}
              valueText={format.percent(server.usage.memoryPercent)}
            />
            <UsageBar
              label={t('servers.usage.storage')}
              percent={format.usagePercent(storage)}
              valueText={format.usageText(storage)}
            />
            <UsageBar
              label={t('servers.usage.bandwidth')}
              percent={format.usagePercent(bandwidth)}
              valueText={format.usageText(bandwidth)}
            />
          </div>
        </Panel>
        <Panel title={t('servers.billing.title')} className="lg:col-span-2">
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-500">{t('servers.billing.price')}</dt>
              <dd className="font-medium text-slate-900">
                {t(server.billingPeriod === 'month' ? 'services.perMonth' : 'services.perYear', {
                  price: format.money(server.price),
                })}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('servers.billing.expires')}</dt>
              <dd className="font-medium text-slate-900">{format.date(server.expiresAt)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('servers.billing.orderedOn')}</dt>
              <dd className="font-medium text-slate-900">{format.date(server.createdAt)}</dd>
            </div>
          </dl>
          <ServiceBilling money={money} service={{ ...server, planName: server.plan.name }} />
        </Panel>
      </div>
      {money.dialogs}
    </>
  );
}
