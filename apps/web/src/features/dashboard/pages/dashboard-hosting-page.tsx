import { Plus, Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useHostingServices } from '../api/use-dashboard-data';
import { HostingServiceCard } from '../components/hosting-service-card';
import { useMoneyDialogs } from '../components/money/use-money-dialogs';
import { ServerStatusPanel } from '../components/server-status-panel';
import { useUnavailableAction } from '../components/use-unavailable-action';
import { dashboardPaths } from '../lib/paths';

export function DashboardHostingPage() {
  const { t } = useTranslation('dashboard');
  const query = useHostingServices();
  const { show, dialog } = useUnavailableAction();
  const money = useMoneyDialogs();
  const addNew = (
    <ButtonLink to="/hosting">
      <Plus aria-hidden="true" className="size-4" />
      {t('hosting.addNew')}
    </ButtonLink>
  );

  return (
    <>
      <PageHeader title={t('hosting.heading')} description={t('hosting.intro')} actions={addNew} />
      <QueryView
        query={query}
        loadingLabel={t('hosting.loading')}
        errorTitle={t('hosting.loadError')}
        skeleton={
          <div className="grid gap-6 xl:grid-cols-3">
            <div className="space-y-6 xl:col-span-2">
              <Skeleton className="h-72" />
              <Skeleton className="h-72" />
            </div>
            <Skeleton className="h-80" />
          </div>
        }
      >
        {(services) => {
          // The server panel shows the server of the first service; every service card names its own.
          const shown = services.find((service) => service.server);
          const server = shown?.server ?? null;
          return (
            <div className="grid gap-6 xl:grid-cols-3">
              <div className="min-w-0 space-y-6 xl:col-span-2">
                {services.length === 0 ? (
                  <EmptyState
                    icon={Server}
                    title={t('hosting.empty.title')}
                    description={t('hosting.empty.description')}
                    action={addNew}
                  />
                ) : (
                  services.map((service) => (
                    <HostingServiceCard
                      key={service.id}
                      service={service}
                      onAction={(action, s) => {
                        if (action === 'renew') money.openRenew({ type: 'service', id: s.id });
                        else if (action === 'cancel')
                          money.openCancel({ id: s.id, name: s.domain, expiresAt: s.expiresAt });
                        else money.openManage({ id: s.id, name: s.domain });
                      }}
                    />
                  ))
                )}
              </div>
              {server && (
                <div className="min-w-0">
                  <ServerStatusPanel
                    status={server}
                    onShortcut={(key) => show(`shortcut.${key}`)}
                    links={shown ? { fileManager: dashboardPaths.files(shown.id) } : {}}
                  />
                </div>
              )}
            </div>
          );
        }}
      </QueryView>
      {dialog}
      {money.dialogs}
    </>
  );
}
