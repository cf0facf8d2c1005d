import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Database, ExternalLink, FolderOpen, Mail, Server, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { UsageBar } from '@/components/ui/usage-bar';
import { ApiError } from '@/lib/http';
import { hostingStatusTone } from '@/lib/status';
import { hostingDatabasesQuery, hostingServiceQuery, notReady } from '../api/hosting-panel';
import type { HostingService } from '../api/types';
import { HostingDomainsPanel } from '../components/hosting-domains-panel';
import { Panel } from '../components/panel';
import { SetupBadge } from '../components/setup-badge';
import { useStatusLabel } from '../components/status-label';
import { dashboardPaths } from '../lib/paths';
import { useDashboardFormat } from '../lib/use-dashboard-format';

/**
 * A hosting service's own control panel (issue 30; docs/decisions/055-web-node-agent.md): its site and domains,
 * its state, its databases, files and certificate, and its usage. The dashboard's "Control panel" shortcut and
 * each hosting card open it.
 */
export function DashboardHostingPanelPage() {
  const { t } = useTranslation('dashboard');
  const { id = '' } = useParams();
  const query = useQuery(hostingServiceQuery(id));
  const missing = query.error instanceof ApiError && query.error.status === 404;

  return (
    <>
      <Link
        to="/dashboard/hosting"
        className="mb-4 inline-flex min-h-9 items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('panel.back')}
      </Link>
      {missing ? (
        <EmptyState icon={Server} title={t('panel.missing.title')} description={t('panel.missing.description')} />
      ) : (
        <QueryView
          query={query}
          loadingLabel={t('panel.loading')}
          errorTitle={t('panel.loadError')}
          skeleton={
            <div className="grid gap-6 lg:grid-cols-2">
              <Skeleton className="h-48" />
              <Skeleton className="h-48" />
              <Skeleton className="h-40" />
              <Skeleton className="h-40" />
            </div>
          }
        >
          {(service) => <PanelView service={service} />}
        </QueryView>
      )}
    </>
  );
}

function PanelView({ service }: { service: HostingService }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const statusLabel = useStatusLabel();
  const address = `http://${service.domain}/`;

  return (
    <>
      <PageHeader
        title={service.domain}
        description={t('panel.intro', { plan: service.plan })}
        actions={
          <div className="flex flex-wrap gap-2">
            <StatusBadge tone={hostingStatusTone(service.status)} label={statusLabel(service.status)} />
            <SetupBadge setup={service.setup} />
          </div>
        }
      />
      <StateNote status={service.status} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t('panel.site.title')}>
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div className="min-w-0 sm:col-span-2">
              <dt className="text-slate-500">{t('panel.site.address')}</dt>
              <dd className="mt-1 font-medium break-all text-slate-900">
                {service.status === 'active' ? (
                  <a
                    href={address}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 text-brand-700 underline-offset-2 hover:underline"
                  >
                    {address}
                    <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                    <span className="sr-only">{t('panel.site.newTab')}</span>
                  </a>
                ) : (
                  address
                )}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-slate-500">{t('panel.site.domains')}</dt>
              <dd className="mt-1 font-medium break-words text-slate-900">
                <ul>
                  <li>{service.domain}</li>
                  <li>www.{service.domain}</li>
                </ul>
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-slate-500">{t('panel.site.state')}</dt>
              <dd className="mt-1 font-medium text-slate-900">{t(`panel.state.${stateOf(service.status)}`)}</dd>
            </div>
            {service.server && (
              <div className="min-w-0 sm:col-span-2">
                <dt className="text-slate-500">{t('panel.site.server')}</dt>
                <dd className="mt-1 font-medium text-slate-900">
                  {t('hosting.server.name', { name: service.server.name })}
                </dd>
              </div>
            )}
          </dl>
        </Panel>
        <Panel title={t('panel.usage.title')}>
          <div className="space-y-4">
            <UsageBar
              label={t('hosting.storage')}
              percent={format.usagePercent(service.storage)}
              valueText={format.usageText(service.storage)}
            />
            <UsageBar
              label={t('hosting.bandwidth')}
              percent={format.usagePercent(service.bandwidth)}
              valueText={format.usageText(service.bandwidth)}
            />
          </div>
        </Panel>
        <HostingDomainsPanel service={service} />
        <DatabasesSummary service={service} />
        <Panel title={t('panel.files.title')}>
          <p className="mb-4 text-sm text-slate-600">{t('panel.files.body')}</p>
          <ButtonLink to={dashboardPaths.files(service.id)} variant="secondary" size="sm">
            <FolderOpen aria-hidden="true" className="size-4" />
            {t('panel.files.open')}
          </ButtonLink>
        </Panel>
        <Panel title={t('panel.certificate.title')}>
          <p className="mb-4 text-sm text-slate-600">{t('panel.certificate.body')}</p>
          <ButtonLink to={dashboardPaths.certificate(service.id)} variant="secondary" size="sm">
            <ShieldCheck aria-hidden="true" className="size-4" />
            {t('certificates.page.open')}
          </ButtonLink>
        </Panel>
        <Panel title={t('panel.email.title')}>
          <p className="flex gap-2 text-sm text-slate-600">
            <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            {t('panel.email.notYet')}
          </p>
        </Panel>
      </div>
    </>
  );
}

type PanelState = 'setup' | 'active' | 'suspended' | 'cancelled';
const stateOf = (status: HostingService['status']): PanelState =>
  status === 'pending' ? 'setup' : status === 'active' ? 'active' : status === 'suspended' ? 'suspended' : 'cancelled';

/** What the site's state means for the customer, above the panels; nothing when it is active. */
function StateNote({ status }: { status: HostingService['status'] }) {
  const { t } = useTranslation('dashboard');
  const state = stateOf(status);
  if (state === 'active') return null;
  return (
    <Alert tone={state === 'setup' ? 'info' : 'error'} title={t(`panel.state.${state}`)} className="mb-6">
      {t(`panel.stateNote.${state}`)}
    </Alert>
  );
}

function DatabasesSummary({ service }: { service: HostingService }) {
  const { t } = useTranslation('dashboard');
  const active = service.status === 'active';
  const query = useQuery(hostingDatabasesQuery(service.id, active));
  return (
    <Panel title={t('panel.databases.title')}>
      {!active || notReady(query.error) ? (
        <p className="mb-4 text-sm text-slate-600">{t('panel.databases.whenActive')}</p>
      ) : (
        <QueryView
          query={query}
          loadingLabel={t('databases.loading')}
          errorTitle={t('databases.loadError')}
          skeleton={<Skeleton className="mb-4 h-10" />}
        >
          {(databases) => (
            <div className="mb-4 text-sm text-slate-600">
              <p className="font-medium text-slate-900">
                {t('databases.used', { count: databases.databases.length, limit: databases.limit })}
              </p>
              {databases.databases.length > 0 && (
                <ul className="mt-2 space-y-1">
                  {databases.databases.map((database) => (
                    <li key={database.name} className="font-mono break-all text-slate-800">
                      {database.name}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </QueryView>
      )}
      <ButtonLink to={dashboardPaths.databases(service.id)} variant="secondary" size="sm">
        <Database aria-hidden="true" className="size-4" />
        {t('panel.databases.open')}
      </ButtonLink>
    </Panel>
  );
}
