import { type AdminServer, serversAdminRoutes } from '@hostpilot/shared';
import { Cpu, HardDrive, Layers, Plus, Server as ServerIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { accountErrorKey } from '@/lib/account-errors';
import type { Server } from '../api/types';
import { SERVER_LIST } from '../api/queries';
import { useAdminServers } from '../api/use-admin-data';
import { useCan } from '../api/use-permissions';
import { useServerMaintenance } from '../api/use-server-actions';
import { AdminList } from '../components/admin-list';
import { type ServerAction, ServerCard } from '../components/server-card';
import { DeleteServerDialog, ServerDialog, type ServerDialogState } from '../components/server-dialogs';
import { NoticeDialog } from '../components/notice-dialog';
import { ServerMonitorDialog } from '../components/server-monitor-dialog';
import { ServerDriverDialog } from '../components/server-driver-dialog';
import { statusLabel } from '../lib/status-label';
import { useListControls, useTableControls } from '../lib/use-table-controls';
import { useAdminFormat } from '../lib/use-admin-format';
import { useNotice } from '../lib/use-notice';

/** What the last change did, said once under the heading: done (status) or refused (alert). */
type Outcome = { tone: 'success' | 'error'; text: string } | null;

export function AdminServersPage() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const format = useAdminFormat();
  const list = useListControls(SERVER_LIST);
  const query = useAdminServers(list.params);
  const summary = query.data?.summary;
  const controls = useTableControls(list, query.data);
  const { notice, show, close } = useNotice();
  const canWrite = useCan('servers.write');
  const [dialog, setDialog] = useState<ServerDialogState>(null);
  const [deleting, setDeleting] = useState<AdminServer | null>(null);
  const [driverOf, setDriverOf] = useState<AdminServer | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [monitored, setMonitored] = useState<{ id: string; name: string } | null>(null);
  const maintenance = useServerMaintenance();

  const done = (text: string) => {
    setDialog(null);
    setDeleting(null);
    setOutcome({ tone: 'success', text });
  };

  const onAction = (server: Server, action: ServerAction) => {
    switch (action) {
      case 'edit':
        setDialog({ mode: 'edit', server: server.record });
        return;
      case 'delete':
        setDeleting(server.record);
        return;
      case 'driver':
        setDriverOf(server.record);
        return;
      case 'maintenanceOn':
      case 'maintenanceOff': {
        const on = action === 'maintenanceOn';
        setOutcome(null);
        maintenance.mutate(
          { id: server.id, maintenance: on },
          {
            onSuccess: () =>
              setOutcome({
                tone: 'success',
                text: t(on ? 'servers.done.maintenanceOn' : 'servers.done.maintenanceOff', { name: server.name }),
              }),
            onError: (error) =>
              setOutcome({
                tone: 'error',
                text: `${t('servers.maintenanceFailed', { name: server.name })} ${tc(accountErrorKey(error))}`,
              }),
          },
        );
        return;
      }
      case 'monitor':
        setMonitored({ id: server.id, name: server.name });
    }
  };

  return (
    <>
      <PageHeader
        title={t('servers.heading')}
        description={t('servers.intro')}
        actions={
          canWrite && (
            <Button
              onClick={() => {
                setOutcome(null);
                setDialog({ mode: 'add' });
              }}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t('servers.add')}
            </Button>
          )
        }
      />
      {outcome && (
        <Alert tone={outcome.tone} className="mb-6">
          {outcome.text}
        </Alert>
      )}
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
        exportRoute={serversAdminRoutes.getAdminServersExport}
        onNotice={show}
        renderRows={(servers) => (
          <div className="grid gap-6 lg:grid-cols-2">
            {servers.map((server) => (
              <ServerCard
                key={server.id}
                server={server}
                canWrite={canWrite}
                busy={maintenance.isPending && maintenance.variables?.id === server.id}
                onAction={(action) => onAction(server, action)}
              />
            ))}
          </div>
        )}
      />
      <ServerMonitorDialog server={monitored} onClose={() => setMonitored(null)} />
      <ServerDriverDialog server={driverOf} onClose={() => setDriverOf(null)} />
      <ServerDialog state={dialog} onClose={() => setDialog(null)} onDone={done} />
      <DeleteServerDialog server={deleting} onClose={() => setDeleting(null)} onDone={done} />
      <NoticeDialog notice={notice} onClose={close} />
    </>
  );
}
