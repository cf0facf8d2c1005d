import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

export interface PanelProps {
  title: string;
  /** A link or button at the right of the heading ("View all"). */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}

/** A titled card section of a dashboard page; its heading (h2) names the region. */
export function Panel({ title, action, children, className, id }: PanelProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        'min-w-0 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) sm:p-6',
        className,
      )}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
