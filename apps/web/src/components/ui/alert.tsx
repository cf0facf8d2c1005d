import { AlertTriangle, CheckCircle2, Info } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';

export interface AlertProps {
  tone: 'error' | 'success' | 'info';
  title?: string;
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLDivElement>;
}

const TONES = {
  error: { box: 'border-danger-600/30 bg-danger-50 text-danger-800', Icon: AlertTriangle },
  success: { box: 'border-success-600/30 bg-success-50 text-success-800', Icon: CheckCircle2 },
  info: { box: 'border-info-600/30 bg-info-50 text-info-800', Icon: Info },
} as const;

/** A message box; errors are announced at once (role="alert"), the rest politely (role="status"). */
export function Alert({ tone, title, children, className, ref }: AlertProps) {
  const { box, Icon } = TONES[tone];
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-xl border px-4 py-3 text-sm outline-none', box, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        {title && <p className="font-semibold">{title}</p>}
        <div className={title ? 'mt-1' : undefined}>{children}</div>
      </div>
    </div>
  );
}
