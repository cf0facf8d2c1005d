import type { AdminServerUsage, ServerUsageRange } from '@hostpilot/shared';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface UsageChartProps {
  samples: AdminServerUsage['samples'];
  /** The translated name of each series, and of the time. */
  labels: { time: string; cpu: string; memory: string; storage: string; bandwidth: string };
  /** Names the chart for screen readers; the dialog's table carries every figure. */
  label: string;
  /** How to move along the chart with the keyboard, in the reader's language. */
  keysHint: string;
  /** The period shown: it sets the ticks' spacing and wording. */
  range: ServerUsageRange;
  /** The reader's language, for the ticks. */
  language: string;
  /** Formats an instant in full (the legend) in the reader's language. */
  formatTime: (date: Date) => string;
  /** Formats a percentage in the reader's language ("45 %", "45%"). */
  formatPercent: (value: number) => string;
}

const COLOURS = ['#2563eb', '#16a34a', '#d97706', '#9333ea'];
const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * Per period (docs/decisions/048-operator-journeys.md): the tick steps uPlot may choose from, the least room a
 * tick's label gets, and how it is worded. A day is told by hours, a week by days, so labels never run together.
 */
const TICKS: Record<ServerUsageRange, { incrs: number[]; space: number; format: Intl.DateTimeFormatOptions }> = {
  '24h': {
    incrs: [HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR, 6 * HOUR, 12 * HOUR],
    space: 64,
    format: { hour: '2-digit', minute: '2-digit' },
  },
  '7d': { incrs: [DAY, 2 * DAY], space: 72, format: { day: 'numeric', month: 'short' } },
};

/**
 * A server's usage over time as lines (uPlot, docs/architecture.md). Loaded on demand with the Monitor dialog,
 * so the library stays out of every other page. It follows its container's width. The legend under it gives the
 * values at the cursor (the latest sample until the pointer or the keyboard moves it): focus the chart and use
 * the arrow keys, Home and End to step through the samples.
 */
export default function UsageChart({
  samples,
  labels,
  label,
  keysHint,
  range,
  language,
  formatTime,
  formatPercent,
}: UsageChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const [index, setIndex] = useState<number | null>(null);
  const legendId = useId();
  const hintId = useId();

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const data: uPlot.AlignedData = [
      samples.map((s) => Date.parse(s.takenAt) / 1000),
      samples.map((s) => s.cpuPercent),
      samples.map((s) => s.memoryPercent),
      samples.map((s) => s.storagePercent),
      samples.map((s) => s.bandwidthPercent),
    ];
    const names = [labels.cpu, labels.memory, labels.storage, labels.bandwidth];
    const ticks = TICKS[range];
    const tickFormat = new Intl.DateTimeFormat(language, ticks.format);
    const width = () => Math.max(240, element.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 240,
        legend: { show: false },
        scales: { y: { range: [0, 100] } },
        axes: [
          {
            incrs: ticks.incrs,
            space: ticks.space,
            values: (_u, values) => values.map((tick) => tickFormat.format(new Date(tick * 1000))),
          },
          { values: (_u, values) => values.map((tick) => formatPercent(tick)), size: 56 },
        ],
        series: [{ label: labels.time }, ...names.map((name, at) => ({ label: name, stroke: COLOURS[at], width: 2 }))],
        hooks: { setCursor: [(u) => setIndex(u.cursor.idx ?? null)] },
      },
      data,
      element,
    );
    plotRef.current = plot;
    const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: 240 }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
      setIndex(null);
    };
  }, [samples, labels, range, language, formatPercent]);

  /** Moves the cursor to sample `at`, as the pointer would. */
  const moveTo = (at: number) => {
    const plot = plotRef.current;
    const sample = samples[at];
    if (!plot || !sample) return;
    plot.setCursor({
      left: plot.valToPos(Date.parse(sample.takenAt) / 1000, 'x'),
      top: plot.valToPos(sample.cpuPercent, 'y'),
    });
    setIndex(at);
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = samples.length - 1;
    const current = index ?? last;
    const next: Record<string, number> = {
      ArrowLeft: Math.max(0, current - 1),
      ArrowRight: Math.min(last, current + 1),
      Home: 0,
      End: last,
    };
    if (next[event.key] === undefined) return;
    event.preventDefault();
    moveTo(next[event.key]!);
  }

  const shown = samples[index ?? samples.length - 1];
  const values = shown
    ? [
        { name: labels.cpu, value: shown.cpuPercent },
        { name: labels.memory, value: shown.memoryPercent },
        { name: labels.storage, value: shown.storagePercent },
        { name: labels.bandwidth, value: shown.bandwidthPercent },
      ]
    : [];

  return (
    <div className="grid gap-2">
      <div
        ref={box}
        role="img"
        aria-label={label}
        aria-describedby={`${hintId} ${legendId}`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="w-full overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      />
      <p id={hintId} className="text-xs text-slate-500">
        {keysHint}
      </p>
      {shown && (
        <dl
          id={legendId}
          aria-live="polite"
          className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700"
          data-testid="usage-legend"
        >
          <div className="flex gap-1.5">
            <dt className="font-medium">{labels.time}:</dt>
            <dd>{formatTime(new Date(shown.takenAt))}</dd>
          </div>
          {values.map((entry, at) => (
            <div key={entry.name} className="flex items-center gap-1.5">
              <dt className="flex items-center gap-1.5 font-medium">
                <span
                  aria-hidden="true"
                  className="inline-block size-2.5 rounded-full"
                  style={{ background: COLOURS[at] }}
                />
                {entry.name}:
              </dt>
              <dd className="tabular-nums">{formatPercent(entry.value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
