import { type AdminTrends, CURRENCY, TREND_DAYS } from '@hostpilot/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartPanel } from '@/components/charts/chart-panel';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatCompact, periodPoints } from '@/components/charts/chart-format';
import { useAdminTrends } from '../api/use-admin-data';
import { useAdminFormat } from '../lib/use-admin-format';

/** The brand's blue for money, green for people, violet for orders, amber for tickets, slate for the machines. */
const COLOURS = { revenue: '#2549eb', customers: '#059669', orders: '#7c3aed', tickets: '#d97706', load: '#0f766e' };

/**
 * The overview's charts (docs/decisions/054-charts-and-the-look-of-a-brand.md): revenue, new customers, orders,
 * tickets and server load per day of the last 7, 30 or 90 days, each with its table for screen readers.
 */
export function OverviewCharts() {
  const { t } = useTranslation('admin');
  const [days, setDays] = useState<(typeof TREND_DAYS)[number]>(30);
  const trends = useAdminTrends(days);
  return (
    <section aria-labelledby="overview-trends" className="mt-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="overview-trends" className="text-lg font-semibold text-slate-900">
          {t('overview.trends.heading')}
        </h2>
        <div role="group" aria-label={t('overview.trends.period')} className="inline-flex rounded-lg bg-slate-100 p-1">
          {TREND_DAYS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === days}
              onClick={() => setDays(option)}
              className={cn(
                'min-h-9 rounded-md px-3 text-sm font-medium text-slate-700 hover:text-slate-900',
                option === days && 'bg-white text-slate-900 shadow-sm',
              )}
            >
              {t('overview.trends.days', { count: option })}
            </button>
          ))}
        </div>
      </div>
      <QueryView
        query={trends}
        errorTitle={t('overview.trends.loadError')}
        skeleton={
          <div className="grid gap-4 lg:grid-cols-2">
            <Skeleton className="h-72 lg:col-span-2" />
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-72" />
            ))}
          </div>
        }
      >
        {(data) => <Charts data={data} />}
      </QueryView>
    </section>
  );
}

function Charts({ data }: { data: AdminTrends }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const { language } = format;
  const points = useMemo(
    () =>
      periodPoints(
        data.days.map(({ day }) => day),
        language,
      ),
    [data, language],
  );
  const charts = useMemo(() => {
    const series = (label: string, colour: string, values: (number | null)[]) => [{ label, colour, values }];
    return {
      revenue: series(
        t('overview.trends.revenue'),
        COLOURS.revenue,
        data.days.map((d) => d.revenue.amountMinor / 100),
      ),
      customers: series(
        t('overview.trends.newCustomers'),
        COLOURS.customers,
        data.days.map((d) => d.newCustomers),
      ),
      orders: series(
        t('overview.trends.orders'),
        COLOURS.orders,
        data.days.map((d) => d.orders),
      ),
      tickets: series(
        t('overview.trends.tickets'),
        COLOURS.tickets,
        data.days.map((d) => d.tickets),
      ),
      load: series(
        t('overview.trends.load'),
        COLOURS.load,
        data.days.map((d) => d.serverLoadPercent),
      ),
    };
  }, [data, t]);
  const money = useMemo(
    () => ({
      full: (value: number) => format.money({ amountMinor: Math.round(value * 100), currency: CURRENCY }),
      tick: (value: number) => formatCompact(value, language, CURRENCY),
    }),
    [format, language],
  );
  const count = useMemo(
    () => ({ full: format.number, tick: (value: number) => formatCompact(value, language) }),
    [format, language],
  );
  const percent = useMemo(() => (value: number) => format.percent(value), [format]);
  const common = { points, pointHeading: t('overview.trends.day'), noValue: t('overview.trends.noValue') };
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="overview-charts">
      <ChartPanel
        {...common}
        className="lg:col-span-2"
        title={t('overview.trends.revenue')}
        description={t('overview.trends.revenueHint')}
        kind="bars"
        series={charts.revenue}
        formatValue={money.full}
        formatTick={money.tick}
      />
      {(['customers', 'orders', 'tickets'] as const).map((name) => (
        <ChartPanel
          key={name}
          {...common}
          title={charts[name][0]!.label}
          kind="bars"
          series={charts[name]}
          formatValue={count.full}
          formatTick={count.tick}
          integer
        />
      ))}
      <ChartPanel
        {...common}
        title={t('overview.trends.load')}
        description={t('overview.trends.loadHint')}
        kind="line"
        series={charts.load}
        formatValue={percent}
        max={100}
      />
    </div>
  );
}
