import type { AdminErrorLogEntry } from '@hostpilot/shared';
import { Copy } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { ERROR_LOG_LIST, useErrorLog } from '../api/use-operations';
import { useAdminFormat } from '../lib/use-admin-format';
import { useListControls, useTableControls } from '../lib/use-table-controls';

/** A request id with a button that copies it, and says so. */
function RequestId({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () =>
    navigator.clipboard.writeText(id).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <code className="break-all font-mono text-xs text-slate-800">{id}</code>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={t('errorLogs.copy', { id })}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Copy aria-hidden="true" className="size-4" />
      </button>
      <span role="status" className="text-xs text-slate-600">
        {state === 'copied' ? t('errorLogs.copied') : state === 'failed' ? t('errorLogs.copyFailed') : ''}
      </span>
    </div>
  );
}

/**
 * View Error Logs (docs/decisions/035-support-queue-and-operations.md): the API's recent server errors of every
 * instance, newest first, paged, each with its request id to copy.
 */
export function AdminErrorLogsPage() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const list = useListControls(ERROR_LOG_LIST);
  const query = useErrorLog(list.params);
  const controls = useTableControls(list, query.data);
  const { params } = controls;

  const columns = useMemo<Column<AdminErrorLogEntry>[]>(
    () => [
      {
        key: 'when',
        header: t('errorLogs.columns.when'),
        rowHeader: true,
        cell: (entry) => (
          <time dateTime={entry.createdAt} className="whitespace-nowrap text-slate-700">
            {format.dateTime(entry.createdAt)}
          </time>
        ),
      },
      {
        key: 'request',
        header: t('errorLogs.columns.request'),
        cell: (entry) => (
          <span className="break-all font-mono text-xs text-slate-800">
            {entry.method} {entry.route}
          </span>
        ),
      },
      { key: 'status', header: t('errorLogs.columns.status'), cell: (entry) => entry.status },
      {
        key: 'error',
        header: t('errorLogs.columns.error'),
        cell: (entry) => (
          <div className="min-w-0 max-w-md">
            <p className="font-medium text-slate-900">{entry.errorName}</p>
            <p className="break-words text-slate-600">{entry.message}</p>
          </div>
        ),
      },
      {
        key: 'requestId',
        header: t('errorLogs.columns.requestId'),
        cell: (entry) => <RequestId id={entry.requestId} />,
      },
    ],
    [t, format],
  );

  return (
    <>
      <PageHeader title={t('errorLogs.heading')} description={t('errorLogs.intro')} />
      <QueryView
        query={query}
        errorTitle={t('errorLogs.loadError')}
        loadingLabel={t('list.loading', { caption: t('errorLogs.caption') })}
        skeleton={<SkeletonRows rows={5} />}
      >
        {() => (
          <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'opacity-60' : undefined}>
            <DataTable
              caption={t('errorLogs.caption')}
              captionHidden
              stacked
              columns={columns}
              rows={controls.rows}
              rowKey={(entry) => entry.id}
              empty={t('errorLogs.empty')}
            />
          </div>
        )}
      </QueryView>
      <Pagination
        label={t('list.pages', { caption: t('errorLogs.caption') })}
        pageSize={params.pageSize}
        onPageSizeChange={controls.setPageSize}
        summary={
          query.data === undefined
            ? ''
            : t('list.results', { from: controls.from, to: controls.to, count: controls.total })
        }
        onPrevious={controls.previous}
        onNext={controls.next}
        previousDisabled={params.page <= 1}
        nextDisabled={params.page >= controls.pageCount}
      />
    </>
  );
}
