import { type AdminProvisioningTask, PROVISIONING_TASK_STATUSES, type ProvisioningTaskStatus } from '@hostpilot/shared';
import { CheckCheck, RotateCw, XCircle } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { StatusBadge } from '@/components/ui/status-badge';
import { accountErrorKey } from '@/lib/account-errors';
import type { StatusTone } from '@/lib/status';
import { useCan } from '../api/use-permissions';
import { type ProvisioningAction, useProvisioningAction, useProvisioningTasks } from '../api/use-provisioning';
import { AdminList } from '../components/admin-list';
import { NoticeDialog } from '../components/notice-dialog';
import { RowAction } from '../components/row-action';
import { useAdminFormat } from '../lib/use-admin-format';
import { useNotice } from '../lib/use-notice';
import { type ListSpec, useListControls, useTableControls } from '../lib/use-table-controls';

/** What the task list sorts and filters by (GET /api/admin/provisioning). */
export const PROVISIONING_LIST = {
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: { status: PROVISIONING_TASK_STATUSES },
} as const satisfies ListSpec;

/** Filters a link narrows the list to (a server's, a customer's, one service's or domain's history). */
const SCOPES = ['serverId', 'userId', 'resourceType', 'resourceId'] as const;

const TONE: Record<ProvisioningTaskStatus, StatusTone> = {
  pending: 'info',
  running: 'info',
  failed: 'danger',
  done: 'success',
  cancelled: 'neutral',
};

/**
 * The provisioning queue (docs/decisions/042-provisioning-engine.md): every task with its resource, owner,
 * operation, server, tries and the driver's last error, newest first; filtered by status and searched by owner.
 * A link from a service or domain narrows it to that resource's history. Retry, Cancel and Mark done need
 * `provisioning.write` and are audited.
 */
export function AdminProvisioningPage() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const scope = useMemo(() => {
    const picked: Record<string, string> = {};
    for (const name of SCOPES) {
      const value = searchParams.get(name);
      if (value) picked[name] = value;
    }
    return picked;
  }, [searchParams]);
  const list = useListControls(PROVISIONING_LIST);
  const query = useProvisioningTasks(list.params, scope);
  const controls = useTableControls(list, query.data);
  const { notice, show, close } = useNotice();
  const canWrite = useCan('provisioning.write');
  const act = useProvisioningAction();

  const run = (task: AdminProvisioningTask, action: ProvisioningAction) =>
    act.mutate(
      { id: task.id, action },
      {
        onError: (error) =>
          show({ title: t(`provisioning.actions.${action}`), body: t(accountErrorKey(error), { ns: 'common' }) }),
      },
    );

  const columns = useMemo<Column<AdminProvisioningTask>[]>(
    () => [
      {
        key: 'resource',
        header: t('provisioning.columns.resource'),
        rowHeader: true,
        cell: (task) => (
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">{task.resource.name}</p>
            <p className="text-slate-600">
              {t(`provisioning.resourceTypes.${task.resource.type}`)} · {task.owner.email}
            </p>
          </div>
        ),
      },
      {
        key: 'operation',
        header: t('provisioning.columns.operation'),
        cell: (task) => (
          <div>
            <p className="text-slate-900">{t(`provisioning.operations.${task.operation}`)}</p>
            <p className="text-slate-500">{t(`provisioning.drivers.${task.driverType}`)}</p>
          </div>
        ),
      },
      {
        key: 'status',
        header: t('provisioning.columns.status'),
        cell: (task) => (
          <div className="space-y-1">
            <StatusBadge tone={TONE[task.status]} label={t(`provisioning.statuses.${task.status}`)} />
            <p className="text-slate-600">{t('provisioning.tries', { count: task.attempts, max: task.maxAttempts })}</p>
            {task.waitReason === 'no-server' && <p className="text-amber-700">{t('provisioning.noServer')}</p>}
            {task.status === 'pending' && task.nextAttemptAt && task.waitReason === null && task.attempts > 0 && (
              <p className="text-slate-600">
                {t('provisioning.nextTry', { when: format.dateTime(task.nextAttemptAt) })}
              </p>
            )}
          </div>
        ),
      },
      {
        key: 'server',
        header: t('provisioning.columns.server'),
        cell: (task) => <span className="break-words text-slate-700">{task.server?.name ?? '—'}</span>,
      },
      {
        key: 'error',
        header: t('provisioning.columns.error'),
        cell: (task) =>
          task.error ? (
            <div className="max-w-sm">
              <p className="font-medium text-red-700">{task.error.code}</p>
              <p className="break-words text-slate-700">{task.error.message}</p>
            </div>
          ) : (
            <span className="text-slate-500">—</span>
          ),
      },
      {
        key: 'when',
        header: t('provisioning.columns.when'),
        cell: (task) => (
          <time dateTime={task.createdAt} className="text-slate-700 md:whitespace-nowrap">
            {format.dateTime(task.createdAt)}
          </time>
        ),
      },
      {
        key: 'actions',
        header: t('provisioning.columns.actions'),
        // On a phone the buttons take the card's whole width: a label beside them pushed the Russian ones out.
        stackedLabel: null,
        cell: (task) =>
          canWrite && (task.status === 'pending' || task.status === 'failed') ? (
            <div className="flex flex-wrap gap-2">
              <RowAction
                label={t('provisioning.actions.retry')}
                subject={task.resource.name}
                icon={RotateCw}
                onClick={() => run(task, 'retry')}
                disabled={act.isPending}
              />
              <RowAction
                label={t('provisioning.actions.complete')}
                subject={task.resource.name}
                icon={CheckCheck}
                onClick={() => run(task, 'complete')}
                disabled={act.isPending}
              />
              <RowAction
                label={t('provisioning.actions.cancel')}
                subject={task.resource.name}
                icon={XCircle}
                variant="ghost"
                onClick={() => run(task, 'cancel')}
                disabled={act.isPending}
              />
            </div>
          ) : null,
      },
    ],
    // run is recreated each render; its inputs are listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, format, canWrite, act.isPending],
  );

  const counts = query.data?.counts;
  return (
    <>
      <PageHeader title={t('provisioning.heading')} description={t('provisioning.intro')} />
      {counts && (
        <p className="mb-4 text-sm text-slate-700" aria-live="polite">
          {PROVISIONING_TASK_STATUSES.map(
            (status) => `${t(`provisioning.statuses.${status}`)}: ${counts[status]}`,
          ).join(' · ')}
        </p>
      )}
      {Object.keys(scope).length > 0 && (
        <div className="mb-4 flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 px-4 py-2 text-sm text-slate-700">
          <span>{t('provisioning.scoped')}</span>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              const next = new URLSearchParams(searchParams);
              for (const name of SCOPES) next.delete(name);
              next.delete('page');
              setSearchParams(next);
            }}
          >
            {t('provisioning.showAll')}
          </Button>
        </div>
      )}
      <AdminList
        caption={t('provisioning.caption')}
        items={t('provisioning.items')}
        searchLabel={t('provisioning.searchLabel')}
        placeholder={t('provisioning.searchPlaceholder')}
        columns={columns}
        rowKey={(task) => task.id}
        query={query}
        controls={controls}
        filters={[
          {
            name: 'status',
            label: t('provisioning.columns.status'),
            values: PROVISIONING_TASK_STATUSES.map((value) => ({ value, label: t(`provisioning.statuses.${value}`) })),
          },
        ]}
        sorts={[{ value: 'createdAt', label: t('list.date') }]}
        onNotice={show}
      />
      <NoticeDialog notice={notice} onClose={close} />
    </>
  );
}
