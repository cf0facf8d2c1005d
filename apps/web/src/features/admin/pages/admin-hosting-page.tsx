import { History, Pause, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { servicesAdminRoutes } from '@hostpilot/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { StatusBadge } from '@/components/ui/status-badge';
import { UsageBar } from '@/components/ui/usage-bar';
import { accountErrorKey } from '@/lib/account-errors';
import { hostingStatusTone } from '@/lib/status';
import type { AdminHostingService } from '../api/types';
import { HOSTING_LIST } from '../api/queries';
import { useServiceAction } from '../api/use-admin-actions';
import { useAdminHosting } from '../api/use-admin-data';
import { AdminList } from '../components/admin-list';
import { usePermissions } from '../api/use-permissions';
import {
  HostingDialog,
  type HostingDialogState,
  SuspendServiceDialog,
  TerminateServiceDialog,
} from '../components/hosting-dialogs';
import { NoticeDialog } from '../components/notice-dialog';
import { RowAction } from '../components/row-action';
import { type HistoryTarget, StatusHistoryDialog } from '../components/status-history-dialog';
import { statusToggle } from '../lib/row-actions';
import { statusLabel } from '../lib/status-label';
import { useAdminFormat } from '../lib/use-admin-format';
import { useNotice } from '../lib/use-notice';
import { useListControls, useTableControls } from '../lib/use-table-controls';

export function AdminHostingPage() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const list = useListControls(HOSTING_LIST);
  const query = useAdminHosting(list.params);
  const controls = useTableControls(list, query.data);
  const { notice, show, close } = useNotice();
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const { t: tc } = useTranslation('common');
  const activate = useServiceAction();
  const [dialog, setDialog] = useState<{ kind: 'suspend' | 'terminate'; service: AdminHostingService } | null>(null);
  const [editing, setEditing] = useState<HostingDialogState>(null);
  // The role read by the API decides; without `hosting.write` no control that changes a service is offered.
  const canWrite = usePermissions().can('hosting.write');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const done = (text: string) => {
    setDialog(null);
    setEditing(null);
    setOutcome({ tone: 'success', text });
  };

  const columns = useMemo<Column<AdminHostingService>[]>(() => {
    return [
      {
        key: 'service',
        header: t('hosting.columns.service'),
        rowHeader: true,
        cell: (service) => (
          <div className="md:min-w-44">
            <p className="font-medium text-slate-900">{service.domain}</p>
            <p className="text-slate-600">{service.userName}</p>
            <p className="text-slate-600">{t('hosting.planName', { plan: service.plan })}</p>
            <p className="text-slate-500">{t('hosting.expires', { date: format.date(service.expiresAt) })}</p>
            {service.status === 'suspended' && service.suspensionReason && (
              <p className="text-slate-600">{t('hosting.suspendedFor', { reason: service.suspensionReason })}</p>
            )}
          </div>
        ),
      },
      {
        key: 'server',
        header: t('hosting.columns.server'),
        cell: (service) => <span className="font-mono whitespace-nowrap text-slate-700">{service.server}</span>,
      },
      {
        key: 'status',
        header: t('hosting.columns.status'),
        cell: (service) => (
          <StatusBadge tone={hostingStatusTone(service.status)} label={statusLabel(t, service.status)} />
        ),
      },
      {
        key: 'usage',
        header: t('hosting.columns.usage'),
        cell: (service) => (
          <div className="space-y-2 md:min-w-40">
            {(['cpu', 'memory'] as const).map((metric) => (
              <UsageBar
                key={metric}
                label={t(`metrics.${metric}`)}
                percent={service.usage[metric]}
                valueText={format.percent(service.usage[metric])}
              />
            ))}
            <p className="text-slate-600">
              {t('metrics.storage')}: {format.gb(service.usage.storageGb)}
            </p>
          </div>
        ),
      },
      {
        key: 'actions',
        header: t('list.actions'),
        cell: (service) => {
          const toggle = statusToggle(service.status);
          return (
            <div className="flex flex-wrap gap-2">
              <RowAction
                icon={History}
                label={t('history.open')}
                subject={service.domain}
                onClick={() => setHistory({ entity: 'services', id: service.id, name: service.domain })}
              />
              {/* A cancelled service is final (docs/product/states.md): nothing to edit, suspend or delete. */}
              {canWrite && service.status !== 'cancelled' && (
                <RowAction
                  icon={Pencil}
                  label={t('actions.edit')}
                  subject={service.domain}
                  onClick={() => {
                    setOutcome(null);
                    setEditing({ mode: 'edit', service });
                  }}
                />
              )}
              {canWrite && service.status !== 'cancelled' && (
                <>
                  <RowAction
                    icon={toggle === 'suspend' ? Pause : Play}
                    label={t(`actions.${toggle}`)}
                    subject={service.domain}
                    disabled={toggle === 'activate' && activate.isPending}
                    onClick={() => {
                      setOutcome(null);
                      if (toggle === 'suspend') return setDialog({ kind: 'suspend', service });
                      activate.mutate(
                        { kind: 'activate', id: service.id },
                        {
                          onSuccess: () =>
                            setOutcome({
                              tone: 'success',
                              text: t('hosting.done.activate', { domain: service.domain }),
                            }),
                          onError: (error) => setOutcome({ tone: 'error', text: tc(accountErrorKey(error)) }),
                        },
                      );
                    }}
                  />
                  <RowAction
                    icon={Trash2}
                    variant="danger"
                    label={t('actions.delete')}
                    subject={service.domain}
                    onClick={() => {
                      setOutcome(null);
                      setDialog({ kind: 'terminate', service });
                    }}
                  />
                </>
              )}
            </div>
          );
        },
      },
    ];
  }, [t, tc, format, activate, canWrite]);

  return (
    <>
      <PageHeader
        title={t('hosting.heading')}
        description={t('hosting.intro')}
        actions={
          canWrite && (
            <Button
              onClick={() => {
                setOutcome(null);
                setEditing({ mode: 'add' });
              }}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t('hosting.add')}
            </Button>
          )
        }
      />
      <div aria-live="polite">
        {outcome && (
          <Alert tone={outcome.tone} className="mb-4">
            {outcome.text}
          </Alert>
        )}
      </div>
      <AdminList
        caption={t('hosting.caption')}
        items={t('hosting.items')}
        searchLabel={t('hosting.searchLabel')}
        placeholder={t('hosting.searchPlaceholder')}
        columns={columns}
        rowKey={(service) => service.id}
        query={query}
        controls={controls}
        filters={[
          {
            name: 'status',
            label: t('list.status'),
            values: HOSTING_LIST.filters.status.map((value) => ({ value, label: statusLabel(t, value) })),
          },
        ]}
        sorts={[
          { value: 'createdAt', label: t('list.created') },
          { value: 'expiresAt', label: t('list.expiry') },
          { value: 'domain', label: t('hosting.sortDomain') },
        ]}
        exportRoute={servicesAdminRoutes.getAdminServicesExport}
        exportFixed={{ kind: 'hosting' }}
        onNotice={show}
      />
      <NoticeDialog notice={notice} onClose={close} />
      {dialog?.kind === 'suspend' && (
        <SuspendServiceDialog service={dialog.service} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === 'terminate' && (
        <TerminateServiceDialog service={dialog.service} onClose={() => setDialog(null)} onDone={done} />
      )}
      {editing && <HostingDialog state={editing} onClose={() => setEditing(null)} onDone={done} />}
      <StatusHistoryDialog target={history} onClose={() => setHistory(null)} />
    </>
  );
}
