import { History, ArrowRightLeft, Plus, Settings2, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { domainsAdminRoutes } from '@hostpilot/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { StatusBadge } from '@/components/ui/status-badge';
import { statusTone } from '@/lib/status';
import type { AdminDomain } from '../api/types';
import { DOMAIN_LIST } from '../api/queries';
import { useAdminDomains } from '../api/use-admin-data';
import { useCan } from '../api/use-permissions';
import { AdminList } from '../components/admin-list';
import { AddDomainDialog, DeleteDomainDialog, EditDnsDialog, TransferDomainDialog } from '../components/domain-dialogs';
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
  const canWrite = useCan('domains.write');
  const [dialog, setDialog] = useState<
    { kind: 'add' } | { kind: 'dns' | 'transfer' | 'delete'; domain: AdminDomain } | null
  >(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const done = (text: string) => {
    setDialog(null);
    setOutcome(text);
  };

  const columns = useMemo<Column<AdminDomain>[]>(() => {
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
            <p className="text-slate-600">
              {t('domains.transferLock', { value: domain.transferLock ? t('domains.on') : t('domains.off') })}
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
            {canWrite && (
              <>
                <RowAction
                  icon={Settings2}
                  label={t('actions.editDns')}
                  subject={domain.name}
                  onClick={() => setDialog({ kind: 'dns', domain })}
                />
                {domain.status === 'active' && (
                  <RowAction
                    icon={ArrowRightLeft}
                    label={t('actions.transfer')}
                    subject={domain.name}
                    onClick={() => setDialog({ kind: 'transfer', domain })}
                  />
                )}
                <RowAction
                  icon={Trash2}
                  variant="danger"
                  label={t('actions.delete')}
                  subject={domain.name}
                  onClick={() => setDialog({ kind: 'delete', domain })}
                />
              </>
            )}
          </div>
        ),
      },
    ];
  }, [t, format, canWrite]);

  return (
    <>
      <PageHeader
        title={t('domains.heading')}
        description={t('domains.intro')}
        actions={
          canWrite && (
            <Button onClick={() => setDialog({ kind: 'add' })}>
              <Plus aria-hidden="true" className="size-4" />
              {t('domains.add')}
            </Button>
          )
        }
      />
      {outcome && (
        <Alert tone="success" className="mb-4">
          {outcome}
        </Alert>
      )}
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
        exportRoute={domainsAdminRoutes.getAdminDomainsExport}
        onNotice={show}
      />
      <NoticeDialog notice={notice} onClose={close} />
      {dialog?.kind === 'add' && <AddDomainDialog onClose={() => setDialog(null)} onDone={done} />}
      {dialog?.kind === 'dns' && <EditDnsDialog domain={dialog.domain} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'transfer' && (
        <TransferDomainDialog domain={dialog.domain} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDomainDialog domain={dialog.domain} onClose={() => setDialog(null)} onDone={done} />
      )}
      <StatusHistoryDialog target={history} onClose={() => setHistory(null)} />
    </>
  );
}
