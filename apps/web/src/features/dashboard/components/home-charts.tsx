import { CURRENCY, type DashboardTrends } from '@hostpilot/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartPanel } from '@/components/charts/chart-panel';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCompact, periodPoints } from '@/components/charts/chart-format';
import { formatNumber } from '@/lib/format';
import { useDashboardTrends } from '../api/use-dashboard-data';
import { useDashboardFormat } from '../lib/use-dashboard-format';

const MB_PER_GB = 1024;
const COLOURS = { spending: '#2549eb', storage: '#0f766e', bandwidth: '#7c3aed' };

/**
 * The customer's spending by month and their hosting's disk and traffic by day
 * (docs/decisions/054-charts-and-the-look-of-a-brand.md). A chart with nothing to show says so in words instead.
 */
export function HomeCharts() {
  const { t } = useTranslation('dashboard');
  const trends = useDashboardTrends();
  return (
    <QueryView
      query={trends}
      errorTitle={t('home.charts.loadError')}
      skeleton={
        <div className="grid gap-6 xl:grid-cols-2">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      }
    >
      {(data) => <Charts data={data} />}
    </QueryView>
  );
}

function Charts({ data }: { data: DashboardTrends }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const { language } = format;
  const spending = useMemo(
    () => ({
      points: periodPoints(
        data.spending.map(({ month }) => month),
        language,
      ),
      series: [
        {
          label: t('home.charts.spent'),
          colour: COLOURS.spending,
          values: data.spending.map((m) => m.amount.amountMinor / 100),
        },
      ],
      any: data.spending.some((m) => m.amount.amountMinor > 0),
    }),
    [data, language, t],
  );
  const usage = useMemo(() => {
    const gb = (mb: number | null) => (mb === null ? null : Math.round((mb / MB_PER_GB) * 10) / 10);
    return {
      points: periodPoints(
        data.usage.map(({ day }) => day),
        language,
      ),
      series: [
        {
          label: t('home.charts.storage'),
          colour: COLOURS.storage,
          values: data.usage.map((d) => gb(d.storageUsedMb)),
        },
        {
          label: t('home.charts.bandwidth'),
          colour: COLOURS.bandwidth,
          values: data.usage.map((d) => gb(d.bandwidthUsedMb)),
        },
      ],
      any: data.usage.some((d) => d.storageUsedMb !== null),
    };
  }, [data, language, t]);
  const formats = useMemo(
    () => ({
      money: (value: number) => format.money({ amountMinor: Math.round(value * 100), currency: CURRENCY }),
      moneyTick: (value: number) => formatCompact(value, language, CURRENCY),
      gb: (value: number) => format.gb(value),
      gbTick: (value: number) => t('units.gb', { value: formatNumber(Math.round(value), language) }),
    }),
    [format, language, t],
  );
  return (
    <div className="grid gap-6 xl:grid-cols-2" data-testid="home-charts">
      {spending.any ? (
        <ChartPanel
          title={t('home.charts.spendingTitle')}
          description={t('home.charts.spendingHint')}
          kind="bars"
          points={spending.points}
          series={spending.series}
          formatValue={formats.money}
          formatTick={formats.moneyTick}
          pointHeading={t('home.charts.month')}
          noValue={t('home.charts.noValue')}
        />
      ) : (
        <EmptyChart title={t('home.charts.spendingTitle')} text={t('home.charts.spendingEmpty')} />
      )}
      {usage.any ? (
        <ChartPanel
          title={t('home.charts.usageTitle')}
          description={t('home.charts.usageHint')}
          kind="line"
          points={usage.points}
          series={usage.series}
          formatValue={formats.gb}
          formatTick={formats.gbTick}
          pointHeading={t('home.charts.day')}
          noValue={t('home.charts.noValue')}
        />
      ) : (
        <EmptyChart title={t('home.charts.usageTitle')} text={t('home.charts.usageEmpty')} />
      )}
    </div>
  );
}

function EmptyChart({ title, text }: { title: string; text: string }) {
  return (
    <section className="min-w-0 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card)">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 text-sm text-slate-600">{text}</p>
    </section>
  );
}
