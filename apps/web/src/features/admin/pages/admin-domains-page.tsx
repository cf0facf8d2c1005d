import { History, ArrowRightLeft, Plus, Settings2, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { StatusBadge } from '@/components/ui/status-badge';
import { statusTone } from '@/lib/status';
import type { AdminDomain } from '../api/types';
import { DOMAIN_LIST } from '../api/queries';
import { useAdminDomains } from '../api/use-admin-data';
import { AdminList } from '../components/admin-list';
import { NoticeDialog } from '../components/notice-dialog';
import { RowAction } from '../components/row-action';
import { type HistoryTarget, StatusHistoryDialog } from '../components/status-history-dialog';
import { statusLabel } from '../lib/status-label';
import { useAdminFormat } from '../lib/use-admin-format';
import { useNotice } from '../lib/use-notice';
import { useListControls, useTableControls } from '../lib/use-table-controls';

export function AdminDomainsPage() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const list = useListControls(DOMAIN_LIST);
  const query = useAdminDomains(list.params);
  const controls = useTableControls(list, query.data);
  const { notice, show, close } = useNotice();
  const [history, setHistory] = useState<HistoryTarget | null>(null);

  const columns = useMemo<Column<AdminDomain>[]>(() => {
    const action = (label: string, domain: AdminDomain, body: string) =>
      show({ title: t('notice.actionTitle', { action: label, subject: domain.name }), body });
    return [
      {
        key: 'domain',
        header: t('domains.columns.domain'),
        rowHeader: true,
        cell: (domain) => (
          <div className="md:min-w-40">
            <p className="font-medium text-slate-900">{domain.name}</p>
            <p className="text-slate-600">{t('domains.expires', { date: format.date(domain.expiresAt) })}</p>
            <p className="text-slate-600">
              {t('domains.autoRenew', { value: domain.autoRenew ? t('domains.yes') : t('domains.no') })}
            </p>
          </div>
        ),
      },
      {
        key: 'owner',
        header: t('domains.columns.owner'),
        cell: (domain) => (
          <div className="min-w-0 md:whitespace-nowrap">
            <p className="text-slate-900">{domain.userName}</p>
            <p className="break-all text-slate-600 md:break-normal">{domain.userEmail}</p>
          </div>
        ),
      },
      {
        key: 'status',
        header: t('domains.columns.status'),
        cell: (domain) => <StatusBadge tone={statusTone(domain.status)} label={statusLabel(t, domain.status)} />,
      },
      {
        key: 'dns',
        header: t('domains.columns.dns'),
        cell: (domain) => (
          <div className="text-slate-700 md:min-w-48">
            <p>{t('domains.records', { count: domain.dns.records })}</p>
            {domain.dns.updatedAt !== null && (
              <p className="text-slate-600">{t('domains.updated', { date: format.date(domain.dns.updatedAt) })}</p>
            )}
            <p className="mt-1 text-xs font-medium text-slate-500">{t('domains.nameservers')}</p>
            <ul className="font-mono text-xs text-slate-600">
              {domain.nameservers.map((server) => (
                <li key={server}>{server}</li>
              ))}
            </ul>
          </div>
        ),
      },
      {
        key: 'actions',
        header: t('list.actions'),
        cell: (domain) => (
          <div className="flex flex-wrap gap-2">
            <RowAction
              icon={History}
              label={t('history.open')}
              subject={domain.name}
              onClick={() => setHistory({ entity: 'domains', id: domain.id, name: domain.name })}
            />
            <RowAction
              icon={Settings2}
              label={t('actions.editDns')}
              subject={domain.name}
              onClick={() => action(t('actions.editDns'), domain, t('domains.dnsBody'))}
            />
            <RowAction
              icon={ArrowRightLeft}
              label={t('actions.transfer')}
              subject={domain.name}
              onClick={() => action(t('actions.transfer'), domain, t('domains.actionBody'))}
            />
            <RowAction
              icon={Trash2}
              variant="danger"
              label={t('actions.delete')}
              subject={domain.name}
              onClick={() => action(t('actions.delete'), domain, t('domains.actionBody'))}
            />
          </div>
        ),
      },
    ];
  }, [t, format, show]);

  return (
    <>
      <PageHeader
        title={t('domains.heading')}
        description={t('domains.intro')}
        actions={
          <Button onClick={() => show({ title: t('domains.add'), body: t('domains.addBody') })}>
            <Plus aria-hidden="true" className="size-4" />
            {t('domains.add')}
          </Button>
        }
      />
      <AdminList
        caption={t('domains.caption')}
        items={t('domains.items')}
        searchLabel={t('domains.searchLabel')}
        placeholder={t('domains.searchPlaceholder')}
        columns={columns}
        rowKey={(domain) => domain.id}
        query={query}
        controls={controls}
        filters={[
          {
            name: 'status',
            label: t('list.status'),
            values: DOMAIN_LIST.filters.status.map((value) => ({ value, label: statusLabel(t, value) })),
          },
        ]}
        sorts={[
          { value: 'registeredAt', label: t('list.registered') },
          { value: 'expiresAt', label: t('list.expiry') },
          { value: 'name', label: t('domains.sortName') },
        ]}
        onNotice={show}
      />
      <NoticeDialog notice={notice} onClose={close} />
      <StatusHistoryDialog target={history} onClose={() => setHistory(null)} />
    </>
  );
}
