import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface StepIndicatorProps {
  label: string;
  steps: string[];
  /** 1-based. */
  current: number;
  stepOf: (step: number, total: number) => string;
}

/** The wizard's progress: an ordered list whose current item carries aria-current="step". */
export function StepIndicator({ label, steps, current, stepOf }: StepIndicatorProps) {
  return (
    <nav aria-label={label} className="mb-6">
      <p className="text-sm font-medium text-brand-700">{stepOf(current, steps.length)}</p>
      <ol className="mt-3 grid grid-cols-2 gap-3">
        {steps.map((name, index) => {
          const number = index + 1;
          const done = number < current;
          const active = number === current;
          return (
            <li
              key={name}
              aria-current={active ? 'step' : undefined}
              className={cn(
                'flex min-w-0 items-center gap-2 border-t-4 pt-2 text-sm',
                active || done ? 'border-brand-600 text-slate-900' : 'border-slate-200 text-slate-500',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  done
                    ? 'bg-brand-600 text-white'
                    : active
                      ? 'bg-brand-100 text-brand-800'
                      : 'bg-slate-100 text-slate-600',
                )}
              >
                {done ? <Check className="size-3.5" /> : number}
              </span>
              <span className="min-w-0 font-medium">{name}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
