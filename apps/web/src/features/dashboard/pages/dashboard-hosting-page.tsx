import { Plus, Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useHostingServices } from '../api/use-hosting-services';
import { useServerStatus } from '../api/use-server-status';
import { HostingServiceCard } from '../components/hosting-service-card';
import { ServerStatusPanel } from '../components/server-status-panel';
import { useUnavailableAction } from '../components/use-unavailable-action';

export function DashboardHostingPage() {
  const { t } = useTranslation('dashboard');
  const services = useHostingServices();
  const server = useServerStatus();
  const { show, dialog } = useUnavailableAction();
  const addNew = (
    <Button onClick={() => show('addHosting')}>
      <Plus aria-hidden="true" className="size-4" />
      {t('hosting.addNew')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('hosting.heading')} description={t('hosting.intro')} actions={addNew} />
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
                onAction={(action, s) => show(`hosting.${action}`, { name: s.domain, plan: s.plan })}
              />
            ))
          )}
        </div>
        {services.length > 0 && (
          <div className="min-w-0">
            <ServerStatusPanel status={server} onShortcut={(key) => show(`shortcut.${key}`)} />
          </div>
        )}
      </div>
      {dialog}
    </>
  );
}
