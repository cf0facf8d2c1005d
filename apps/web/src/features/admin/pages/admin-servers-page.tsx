import { Cpu, HardDrive, Layers, Plus, Server as ServerIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import type { Server } from '../api/types';
import { SERVER_LIST } from '../api/queries';
import { useAdminServers } from '../api/use-admin-data';
import { AdminList } from '../components/admin-list';
import { type ServerAction, ServerCard } from '../components/server-card';
import { NoticeDialog } from '../components/notice-dialog';
import { statusLabel } from '../lib/status-label';
import { useListControls, useTableControls } from '../lib/use-table-controls';
import { useAdminFormat } from '../lib/use-admin-format';
import { useNotice } from '../lib/use-notice';

export function AdminServersPage() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const list = useListControls(SERVER_LIST);
  const query = useAdminServers(list.params);
  const summary = query.data?.summary;
  const controls = useTableControls(list, query.data);
  const { notice, show, close } = useNotice();

  const onAction = (server: Server, action: ServerAction) =>
    show({
      title: t('notice.actionTitle', { action: t(`actions.${action}`), subject: server.name }),
      body: t(action === 'monitor' ? 'servers.monitorBody' : 'servers.actionBody'),
    });

  return (
    <>
      <PageHeader
        title={t('servers.heading')}
        description={t('servers.intro')}
        actions={
          <Button onClick={() => show({ title: t('servers.add'), body: t('servers.addBody') })}>
            <Plus aria-hidden="true" className="size-4" />
            {t('servers.add')}
          </Button>
        }
      />
      {summary ? (
        <section aria-label={t('servers.summary')} className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard icon={ServerIcon} label={t('servers.totalServers')} value={format.number(summary.totalServers)} />
          <StatCard icon={Layers} label={t('servers.activeServices')} value={format.number(summary.activeServices)} />
          <StatCard icon={HardDrive} label={t('servers.totalStorage')} value={format.gb(summary.totalStorageGb)} />
          <StatCard icon={Cpu} label={t('servers.totalRam')} value={format.gb(summary.totalRamGb)} />
        </section>
      ) : (
        !query.isError && (
          <LoadingRegion label={t('servers.summary')} className="mb-6">
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              {[0, 1, 2, 3].map((key) => (
                <Skeleton key={key} className="h-28" />
              ))}
            </div>
          </LoadingRegion>
        )
      )}
      <AdminList
        caption={t('servers.caption')}
        items={t('servers.items')}
        searchLabel={t('servers.searchLabel')}
        placeholder={t('servers.searchPlaceholder')}
        columns={[]}
        rowKey={(server) => server.id}
        query={query}
        controls={controls}
        filters={[
          {
            name: 'status',
            label: t('list.status'),
            values: SERVER_LIST.filters.status.map((value) => ({ value, label: statusLabel(t, value) })),
          },
        ]}
        sorts={[
          { value: 'name', label: t('servers.sortName') },
          { value: 'location', label: t('servers.sortLocation') },
        ]}
        onNotice={show}
        renderRows={(servers) => (
          <div className="grid gap-6 lg:grid-cols-2">
            {servers.map((server) => (
              <ServerCard key={server.id} server={server} onAction={(action) => onAction(server, action)} />
            ))}
          </div>
        )}
      />
      <NoticeDialog notice={notice} onClose={close} />
    </>
  );
}
