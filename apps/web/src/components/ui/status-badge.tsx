import { cn } from '@/lib/cn';
import type { StatusTone } from '@/lib/status';
import { TONE_BADGE } from './tone-styles';

export interface StatusBadgeProps {
  tone: StatusTone;
  /** The translated status, e.g. "Active" / "Активен". */
  label: string;
  className?: string;
}

/** A status pill. The colour follows the rules in lib/status.ts; the text says it too (never colour alone). */
export function StatusBadge({ tone, label, className }: StatusBadgeProps) {
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        TONE_BADGE[tone],
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {label}
    </span>
  );
}
