import type { SchedulerJob, SchedulerJobName } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { type Column, DataTable } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { StatusBadge } from '@/components/ui/status-badge';
import { accountErrorKey } from '@/lib/account-errors';
import type { StatusTone } from '@/lib/status';
import { adminQueries } from '../api/queries';
import { useRunSchedulerJob } from '../api/use-settings-actions';
import { AutomationSettingsForm } from '../components/automation-settings-form';
import { useAdminFormat } from '../lib/use-admin-format';

const OUTCOME_TONE: Record<NonNullable<SchedulerJob['outcome']> | 'none', StatusTone> = {
  succeeded: 'success',
  failed: 'danger',
  running: 'info',
  none: 'neutral',
};

type RunState =
  | { job: SchedulerJobName; status: 'done'; changed: number | null }
  | { job: SchedulerJobName; status: 'error'; key: string };

/**
 * The lifecycle scheduler in the back office (docs/decisions/030-lifecycle-automation.md): each job's last run,
 * its outcome and next run, "Run now" for an administrator, and the automation settings.
 */
export function AdminSchedulerPage() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const format = useAdminFormat();
  const scheduler = useQuery(adminQueries.scheduler());
  const [result, setResult] = useState<RunState | null>(null);

  const run = useRunSchedulerJob();
  const runJob = (name: SchedulerJobName) => {
    setResult(null);
    run.mutate(name, {
      onSuccess: (job) => setResult({ job: job.name, status: 'done', changed: job.changed }),
      onError: (error) => setResult({ job: name, status: 'error', key: accountErrorKey(error) }),
    });
  };

  const jobName = (name: SchedulerJobName) => t(`scheduler.jobs.${name}.name`);
  const moment = (iso: string | null) => (iso ? format.dateTime(iso) : t('scheduler.never'));

  const columns: Column<SchedulerJob>[] = [
    {
      key: 'job',
      header: t('scheduler.columns.job'),
      rowHeader: true,
      cell: (job) => (
        <>
          <span className="block font-medium text-slate-900">{jobName(job.name)}</span>
          <span className="mt-0.5 block text-sm text-slate-600">{t(`scheduler.jobs.${job.name}.description`)}</span>
        </>
      ),
      className: 'md:w-2/5',
    },
    {
      key: 'lastRun',
      header: t('scheduler.columns.lastRun'),
      cell: (job) => <span className="whitespace-nowrap">{moment(job.lastFinishedAt ?? job.lastStartedAt)}</span>,
    },
    {
      key: 'outcome',
      header: t('scheduler.columns.outcome'),
      cell: (job) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge
            tone={OUTCOME_TONE[job.outcome ?? 'none']}
            label={t(`scheduler.outcome.${job.outcome ?? 'none'}`)}
          />
          {job.outcome === 'succeeded' && job.changed !== null && (
            <span className="text-xs text-slate-600">{t('scheduler.changed', { count: job.changed })}</span>
          )}
          {job.outcome === 'failed' && job.error && (
            <span className="text-xs break-words text-red-700">{job.error}</span>
          )}
        </span>
      ),
    },
    {
      key: 'nextRun',
      header: t('scheduler.columns.nextRun'),
      cell: (job) => <span className="whitespace-nowrap">{moment(job.nextRunAt)}</span>,
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('scheduler.columns.actions')}</span>,
      className: 'md:text-right',
      cell: (job) => {
        const pending = run.isPending && run.variables === job.name;
        return (
          <Button
            size="sm"
            variant="secondary"
            disabled={run.isPending}
            aria-label={t('scheduler.runNowLabel', { job: jobName(job.name) })}
            onClick={() => runJob(job.name)}
          >
            <Play aria-hidden="true" className="size-4" />
            {pending ? t('scheduler.running') : t('scheduler.runNow')}
          </Button>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader title={t('scheduler.heading')} description={t('scheduler.intro')} />
      <div className="space-y-6">
        <QueryView query={scheduler} loadingLabel={t('scheduler.loading')} errorTitle={t('scheduler.loadFailed')}>
          {(status) => (
            <div className="space-y-3">
              {!status.enabled && <Alert tone="info">{t('scheduler.disabled')}</Alert>}
              {status.enabled && (
                <p className="text-sm text-slate-600">
                  {status.intervalMs <= 60_000
                    ? t('scheduler.everyMinute')
                    : t('scheduler.every', { count: Math.round(status.intervalMs / 60_000) })}
                </p>
              )}
              <DataTable
                caption={t('scheduler.jobsCaption')}
                columns={columns}
                rows={status.jobs}
                rowKey={(job) => job.name}
                stacked
              />
            </div>
          )}
        </QueryView>
        <p role="status" aria-live="polite" className="text-sm text-slate-700 empty:hidden">
          {run.isPending
            ? t('scheduler.running')
            : result?.status === 'done'
              ? t('scheduler.ran', {
                  job: jobName(result.job),
                  result: t('scheduler.changed', { count: result.changed ?? 0 }),
                })
              : ''}
        </p>
        {result?.status === 'error' && (
          <Alert tone="error" title={t('scheduler.runFailed', { job: jobName(result.job) })}>
            {tc(result.key)}
          </Alert>
        )}
        <AutomationSettingsForm />
      </div>
    </>
  );
}
