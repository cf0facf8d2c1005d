import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface TrendSeries {
  /** The translated name of the series (the legend and the table say it too). */
  label: string;
  values: (number | null)[];
  colour: string;
}

export interface TrendChartProps {
  /** Bars for counts and money per period, a line for a level over time. */
  kind: 'bars' | 'line';
  /** The tick label of each point (a day or a month in the reader's language), in order. */
  labels: string[];
  series: TrendSeries[];
  /** Formats a value of the vertical axis in the reader's language ("$1.2K", "45 %", "12 GB"). */
  formatValue: (value: number) => string;
  /** The point the legend shows, or null when the pointer left the chart; a stable function (a state setter). */
  onCursor: (index: number | null) => void;
  /** The highest value of the vertical axis when it has a natural one (100 for a percentage). */
  max?: number;
  /** Whole numbers only (counts): the vertical axis never shows 0.5. */
  integer?: boolean;
  height?: number;
}

/** How many points a tick may step over; uPlot picks the least that leaves `space` pixels per label. */
const STEPS = [1, 2, 3, 5, 7, 10, 14, 15, 30];
/** The steps of a vertical axis of counts. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];

/**
 * A small chart of figures per day or month (uPlot, docs/decisions/054-charts-and-the-look-of-a-brand.md). Loaded on
 * demand by `ChartPanel`, so the library reaches only the pages that draw charts. The points are evenly spaced
 * (one a period), so the horizontal axis counts points and names them by `labels`; the ticks keep at least 56 px
 * apart, which at 360 px leaves about four readable labels. It follows its container's width.
 */
export default function TrendChart({
  kind,
  labels,
  series,
  formatValue,
  onCursor,
  max,
  integer = false,
  height = 200,
}: TrendChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const xs = labels.map((_, at) => at);
    const data: uPlot.AlignedData = [xs, ...series.map((s) => s.values.map((v) => v ?? null))];
    const bars = kind === 'bars' ? uPlot.paths.bars?.({ size: [0.7, 28], gap: 2 }) : undefined;
    const width = () => Math.max(200, element.clientWidth);
    const peak = Math.max(0, ...series.flatMap((s) => s.values.map((v) => v ?? 0)));
    const plot = new uPlot(
      {
        width: width(),
        height,
        legend: { show: false },
        // Room on the right for the last tick's label, which is centred on its point.
        padding: [8, 20, 0, 0],
        cursor: { y: false, points: { show: kind === 'line' } },
        scales: {
          x: { time: false, range: kind === 'bars' ? [-0.5, xs.length - 0.5] : [0, Math.max(1, xs.length - 1)] },
          y: { range: [0, max ?? (peak > 0 ? peak * 1.15 : 1)] },
        },
        axes: [
          {
            incrs: STEPS,
            space: 56,
            gap: 4,
            size: 30,
            stroke: '#475569',
            grid: { show: false },
            ticks: { size: 4, stroke: '#cbd5e1' },
            values: (_u, ticks) => ticks.map((tick) => labels[Math.round(tick)] ?? ''),
          },
          {
            space: 36,
            size: 64,
            incrs: integer ? WHOLE_STEPS : undefined,
            stroke: '#475569',
            grid: { stroke: '#e2e8f0' },
            ticks: { show: false },
            values: (_u, ticks) => ticks.map((tick) => formatValue(tick)),
          },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.colour,
            width: kind === 'bars' ? 0 : 2,
            fill: kind === 'bars' ? s.colour : undefined,
            paths: bars,
            points: { show: false },
            spanGaps: false,
          })),
        ],
        hooks: { setCursor: [(u) => onCursor(u.cursor.idx ?? null)] },
      },
      data,
      element,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: width(), height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [kind, labels, series, formatValue, onCursor, max, integer, height]);

  return <div ref={box} className="w-full overflow-hidden" data-testid="trend-chart" />;
}
