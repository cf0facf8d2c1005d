import { lazy, type RefObject, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { TrendChartProps, TrendSeries } from './trend-chart';

const TrendChart = lazy(() => import('./trend-chart'));

export interface ChartPanelProps {
  title: string;
  /** What the figures are ("Completed payments, by day"), under the title. */
  description?: string;
  kind: TrendChartProps['kind'];
  /** The short tick label of each point, and its full name for the legend and the table. */
  points: { tick: string; label: string }[];
  series: TrendSeries[];
  /** Formats a value in full, for the legend and the table ("$1,234.56"). */
  formatValue: (value: number) => string;
  /** Formats a tick of the vertical axis, shorter when the full form would not fit ("$1.2K"). */
  formatTick?: (value: number) => string;
  /** The table's first column heading ("Day", "Month"). */
  pointHeading: string;
  /** Said in a cell with no figure ("No data"). */
  noValue: string;
  max?: number;
  /** Whole numbers only (counts). */
  integer?: boolean;
  className?: string;
}

/**
 * Whether the element has come near the screen (within half a screen's height); true from then on, and at once where
 * the browser cannot tell.
 */
function useNearScreen(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: '50% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * A titled chart with its legend and its figures as a table (docs/decisions/054-charts-and-the-look-of-a-brand.md).
 * The drawing is hidden from screen readers, which read the table instead; the legend under the chart gives the
 * values of the point under the pointer (the latest point otherwise). The chart's code and uPlot load only when a
 * panel comes near the screen (below the first screen on a phone, they would otherwise compete with the page's first
 * figures for the network and the main thread); until then the panel keeps its height, so nothing moves.
 */
export function ChartPanel({
  title,
  description,
  kind,
  points,
  series,
  formatValue,
  formatTick = formatValue,
  pointHeading,
  noValue,
  max,
  integer,
  className,
}: ChartPanelProps) {
  const headingId = useId();
  const drawing = useRef<HTMLDivElement>(null);
  const near = useNearScreen(drawing);
  const [index, setIndex] = useState<number | null>(null);
  const shown = index ?? points.length - 1;
  const labels = points.map((point) => point.tick);
  return (
    <section
      aria-labelledby={headingId}
      className={
        'min-w-0 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) ' +
        (className ?? '')
      }
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
      <div ref={drawing} aria-hidden="true" className="mt-3">
        {near ? (
          <Suspense fallback={<Skeleton className="h-[200px]" />}>
            <TrendChart
              kind={kind}
              labels={labels}
              series={series}
              formatValue={formatTick}
              onCursor={setIndex}
              max={max}
              integer={integer}
            />
          </Suspense>
        ) : (
          <Skeleton className="h-[200px]" />
        )}
        {points[shown] && (
          <dl
            className="mt-2 flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm text-slate-700"
            data-testid="chart-legend"
          >
            <div className="flex gap-1.5">
              <dt className="sr-only">{pointHeading}</dt>
              <dd className="font-medium text-slate-900">{points[shown].label}</dd>
            </div>
            {series.map((s) => (
              <div key={s.label} className="flex items-center gap-1.5">
                <dt className="flex items-center gap-1.5">
                  <span className="inline-block size-2.5 shrink-0 rounded-sm" style={{ background: s.colour }} />
                  {s.label}:
                </dt>
                <dd className="font-medium tabular-nums">
                  {s.values[shown] == null ? noValue : formatValue(s.values[shown]!)}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{pointHeading}</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((point, at) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              {series.map((s) => (
                <td key={s.label}>{s.values[at] == null ? noValue : formatValue(s.values[at]!)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
