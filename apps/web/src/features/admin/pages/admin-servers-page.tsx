import { Cpu, HardDrive, Layers, Plus, Server as ServerIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { StatCard } from '@/components/ui/stat-card';
import type { Server } from '../api/types';
import { useAdminServers } from '../api/use-admin-data';
import { type ServerAction, ServerCard } from '../components/server-card';
import { NoticeDialog } from '../components/notice-dialog';
import { TableToolbar } from '../components/table-toolbar';
import { matchesSearch } from '../lib/use-table-controls';
import { useAdminFormat } from '../lib/use-admin-format';
import { useNotice } from '../lib/use-notice';

const searchable = (server: Server) => [server.name, server.id, server.location, server.type, server.ip, server.status];

export function AdminServersPage() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const { data } = useAdminServers();
  const { summary } = data;
  const [query, setQuery] = useState('');
  const { notice, show, close } = useNotice();
  const servers = useMemo(
    () => data.servers.filter((server) => matchesSearch(searchable(server), query)),
    [data.servers, query],
  );

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
      <section aria-label={t('servers.summary')} className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard icon={ServerIcon} label={t('servers.totalServers')} value={format.number(summary.totalServers)} />
        <StatCard icon={Layers} label={t('servers.activeServices')} value={format.number(summary.activeServices)} />
        <StatCard icon={HardDrive} label={t('servers.totalStorage')} value={summary.totalStorage} />
        <StatCard icon={Cpu} label={t('servers.totalRam')} value={summary.totalRam} />
      </section>
      <TableToolbar
        searchLabel={t('servers.searchLabel')}
        placeholder={t('servers.searchPlaceholder')}
        query={query}
        onQueryChange={setQuery}
        onFilter={() =>
          show({ title: t('list.filterTitle'), body: t('list.filterBody', { items: t('servers.items') }) })
        }
        onExport={() =>
          show({ title: t('list.exportTitle'), body: t('list.exportBody', { items: t('servers.items') }) })
        }
      />
      <p className="sr-only" aria-live="polite">
        {t('servers.found', { count: servers.length })}
      </p>
      {servers.length === 0 ? (
        <p className="rounded-(--radius-card) border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
          {t('list.noResults', { query: query.trim() })}
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {servers.map((server) => (
            <ServerCard key={server.id} server={server} onAction={(action) => onAction(server, action)} />
          ))}
        </div>
      )}
      <NoticeDialog notice={notice} onClose={close} />
    </>
  );
}
