import type { CustomerServer } from '@hostpilot/shared';
import { ArrowRight, Gamepad2, HardDrive, Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { statusTone } from '@/lib/status';
import { useServers } from '../api/use-dashboard-data';
import { ServerFacts } from '../components/server-facts';
import { SetupBadge } from '../components/setup-badge';
import { useStatusLabel } from '../components/status-label';
import { dashboardPaths } from '../lib/paths';

export const SERVER_KIND_ICON = { game: Gamepad2, vds: Server, dedicated: HardDrive } as const;

/**
 * The customer's servers (decision 053): game servers, VDS and dedicated servers, each a card with its address,
 * status and plan, opening its own page.
 */
export function DashboardServersPage() {
  const { t } = useTranslation('dashboard');
  const query = useServers();
  return (
    <>
      <PageHeader title={t('servers.heading')} description={t('servers.intro')} />
      <QueryView
        query={query}
        loadingLabel={t('servers.loading')}
        errorTitle={t('servers.loadError')}
        skeleton={
          <div className="grid gap-6 lg:grid-cols-2">
            <Skeleton className="h-48" />
            <Skeleton className="h-48" />
          </div>
        }
      >
        {(servers) => (servers.length === 0 ? <NoServers /> : <ServerList servers={servers} />)}
      </QueryView>
    </>
  );
}

function NoServers() {
  const { t } = useTranslation('dashboard');
  return (
    <EmptyState
      icon={Server}
      title={t('servers.empty.title')}
      description={t('servers.empty.description')}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <ButtonLink to="/vds" variant="secondary">
            {t('servers.empty.vds')}
          </ButtonLink>
          <ButtonLink to="/game-servers" variant="secondary">
            {t('servers.empty.game')}
          </ButtonLink>
          <ButtonLink to="/dedicated" variant="secondary">
            {t('servers.empty.dedicated')}
          </ButtonLink>
        </div>
      }
    />
  );
}

function ServerList({ servers }: { servers: CustomerServer[] }) {
  const { t } = useTranslation('dashboard');
  const statusLabel = useStatusLabel();
  return (
    <ul className="grid gap-6 lg:grid-cols-2">
      {servers.map((server) => {
        const Icon = SERVER_KIND_ICON[server.kind];
        return (
          <li
            key={server.id}
            className="relative min-w-0 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-300 sm:p-6"
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="flex min-w-0 items-center gap-3">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <div className="min-w-0">
                  <h2 className="font-semibold break-words text-slate-900">
                    <Link
                      to={dashboardPaths.server(server.id)}
                      className="outline-none after:absolute after:inset-0 after:content-['']"
                    >
                      {server.name}
                    </Link>
                  </h2>
                  <p className="text-sm text-slate-600">
                    {t(`orders.kinds.${server.kind}`)} · {server.plan.name}
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <StatusBadge tone={statusTone(server.status)} label={statusLabel(server.status)} />
                <SetupBadge setup={server.setup} />
              </div>
            </div>
            <ServerFacts server={server} className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3" />
            <p
              aria-hidden="true"
              className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700"
            >
              {t('servers.details')}
              <ArrowRight className="size-4" />
            </p>
          </li>
        );
      })}
    </ul>
  );
}
