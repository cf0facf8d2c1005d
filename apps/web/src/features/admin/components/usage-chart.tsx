import type { AdminServerUsage } from '@hostpilot/shared';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface UsageChartProps {
  samples: AdminServerUsage['samples'];
  /** The translated name of each series. */
  labels: { cpu: string; memory: string; storage: string; bandwidth: string };
  /** Names the chart for screen readers; the dialog's table carries the figures. */
  label: string;
  /** Formats an instant on the time axis in the reader's language. */
  formatTime: (date: Date) => string;
}

const COLOURS = ['#2563eb', '#16a34a', '#d97706', '#9333ea'];

/**
 * A server's usage over time as lines (uPlot, docs/architecture.md). Loaded on demand with the Monitor dialog,
 * so the library stays out of every other page. It follows its container's width.
 */
export default function UsageChart({ samples, labels, label, formatTime }: UsageChartProps) {
  const box = useRef<HTMLDivElement>(null);
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
    const width = () => Math.max(240, element.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 240,
        scales: { y: { range: [0, 100] } },
        axes: [
          { values: (_u, ticks) => ticks.map((tick) => formatTime(new Date(tick * 1000))) },
          { values: (_u, ticks) => ticks.map((tick) => `${tick} %`), size: 56 },
        ],
        series: [
          { value: (_u, value) => (value === null ? '' : formatTime(new Date(value * 1000))) },
          ...names.map((name, index) => ({
            label: name,
            stroke: COLOURS[index],
            width: 2,
            value: (_u: uPlot, value: number | null) => (value === null ? '' : `${value} %`),
          })),
        ],
      },
      data,
      element,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: 240 }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [samples, labels, formatTime]);
  return <div ref={box} role="img" aria-label={label} className="w-full overflow-hidden" />;
}
