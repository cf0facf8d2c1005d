import type { CustomerServer } from '@hostpilot/shared';
import { ArrowRight, Gamepad2, HardDrive, Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useServers } from '../api/use-dashboard-data';
import { ServerFacts } from '../components/server-facts';
import { ServiceCardHeading } from '../components/service-card-heading';
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
  return (
    <ul className="grid gap-6 lg:grid-cols-2">
      {servers.map((server) => {
        return (
          <li
            key={server.id}
            className="relative min-w-0 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-300 sm:p-6"
          >
            <ServiceCardHeading
              icon={SERVER_KIND_ICON[server.kind]}
              title={
                <Link
                  to={dashboardPaths.server(server.id)}
                  className="outline-none after:absolute after:inset-0 after:content-['']"
                >
                  {server.name}
                </Link>
              }
              subtitle={`${t(`orders.kinds.${server.kind}`)} · ${server.plan.name}`}
              status={server.status}
              setup={server.setup}
            />
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
