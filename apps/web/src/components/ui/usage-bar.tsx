import { cn } from '@/lib/cn';
import { clampPercent, usageTone } from '@/lib/status';
import { TONE_BAR } from './tone-styles';

export interface UsageBarProps {
  /** What is measured: "Storage", "CPU". */
  label: string;
  /** 0..100. */
  percent: number;
  /** Shown at the right of the label and read by screen readers, e.g. "4.2 of 10 GB (42%)". */
  valueText: string;
  className?: string;
}

/** A usage bar (role="meter"): its label, figure and percentage are announced together. */
export function UsageBar({ label, percent, valueText, className }: UsageBarProps) {
  const value = clampPercent(percent);
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="text-slate-600 tabular-nums">{valueText}</span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value)}
        aria-valuetext={valueText}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cn('h-full rounded-full', TONE_BAR[usageTone(value)])} style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
