import { SERVER_USAGE_RANGES, type ServerUsageRange } from '@hostpilot/shared';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { inputClasses } from '@/components/ui/field-styles';
import { useServerUsage } from '../api/use-operations';
import { useAdminFormat } from '../lib/use-admin-format';

const UsageChart = lazy(() => import('./usage-chart'));

/**
 * Monitor (docs/decisions/035-support-queue-and-operations.md): a server's CPU, memory, storage and bandwidth
 * over the last day or week as a chart, with the same figures in words and as a table for those who cannot see
 * the chart.
 */
export function ServerMonitorDialog({
  server,
  onClose,
}: {
  server: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const format = useAdminFormat();
  const [range, setRange] = useState<ServerUsageRange>('24h');
  const usage = useServerUsage(server?.id ?? null, range);
  const labels = useMemo(
    () => ({
      cpu: t('monitor.series.cpu'),
      memory: t('monitor.series.memory'),
      storage: t('monitor.series.storage'),
      bandwidth: t('monitor.series.bandwidth'),
      time: t('monitor.time'),
    }),
    [t],
  );
  const formatTime = useCallback((date: Date) => format.dateTime(date.toISOString()), [format]);
  const formatPercent = useCallback((value: number) => format.percent(value), [format]);
  if (!server) return null;
  const name = server.name;
  return (
    <Dialog open onClose={onClose} title={t('monitor.title', { name })} closeLabel={tc('actions.close')}>
      <div className="grid gap-4">
        <div>
          <label htmlFor="monitor-range" className="block text-sm font-medium text-slate-800">
            {t('monitor.range')}
          </label>
          <select
            id="monitor-range"
            className={`${inputClasses()} mt-1.5 w-auto!`}
            value={range}
            onChange={(event) => setRange(event.target.value as ServerUsageRange)}
          >
            {SERVER_USAGE_RANGES.map((value) => (
              <option key={value} value={value}>
                {t(`monitor.ranges.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <QueryView query={usage} errorTitle={t('monitor.loadError')} skeleton={<Skeleton className="h-60" />}>
          {(data) => {
            const samples = data.samples;
            if (samples.length === 0) return <p className="text-slate-600">{t('monitor.empty')}</p>;
            const last = samples[samples.length - 1]!;
            const peak = Math.max(...samples.map((s) => s.cpuPercent));
            return (
              <div className="grid gap-4">
                <p className="text-sm text-slate-700">
                  {t('monitor.summary', {
                    cpu: last.cpuPercent,
                    memory: last.memoryPercent,
                    storage: last.storagePercent,
                    bandwidth: last.bandwidthPercent,
                    peak,
                  })}
                </p>
                <Suspense fallback={<Skeleton className="h-60" />}>
                  <UsageChart
                    samples={samples}
                    labels={labels}
                    label={t('monitor.chartLabel', { name })}
                    keysHint={t('monitor.keys')}
                    range={range}
                    language={format.language}
                    formatTime={formatTime}
                    formatPercent={formatPercent}
                  />
                </Suspense>
                <details className="text-sm">
                  <summary className="cursor-pointer font-medium text-brand-700">{t('monitor.table')}</summary>
                  <div
                    className="mt-2 max-h-64 overflow-auto"
                    tabIndex={0}
                    role="region"
                    aria-label={t('monitor.tableCaption', { name })}
                  >
                    <table className="w-full text-left">
                      <caption className="sr-only">{t('monitor.tableCaption', { name })}</caption>
                      <thead>
                        <tr className="text-slate-600">
                          <th scope="col" className="py-1 pr-3 font-medium">
                            {t('monitor.time')}
                          </th>
                          <th scope="col" className="py-1 pr-3 font-medium">
                            {labels.cpu}
                          </th>
                          <th scope="col" className="py-1 pr-3 font-medium">
                            {labels.memory}
                          </th>
                          <th scope="col" className="py-1 pr-3 font-medium">
                            {labels.storage}
                          </th>
                          <th scope="col" className="py-1 pr-3 font-medium">
                            {labels.bandwidth}
                          </th>
                          <th scope="col" className="py-1 font-medium">
                            {t('monitor.state')}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {[...samples].reverse().map((s) => (
                          <tr key={s.takenAt} className="border-t border-slate-100">
                            <th scope="row" className="whitespace-nowrap py-1 pr-3 font-normal">
                              {format.dateTime(s.takenAt)}
                            </th>
                            <td className="py-1 pr-3">{format.percent(s.cpuPercent)}</td>
                            <td className="py-1 pr-3">{format.percent(s.memoryPercent)}</td>
                            <td className="py-1 pr-3">{format.percent(s.storagePercent)}</td>
                            <td className="py-1 pr-3">{format.percent(s.bandwidthPercent)}</td>
                            <td className="py-1">{s.up ? t('monitor.up') : t('monitor.down')}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </details>
              </div>
            );
          }}
        </QueryView>
      </div>
    </Dialog>
  );
}
