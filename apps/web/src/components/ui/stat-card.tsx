import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  /** A line under the value: a trend, a split, a note. */
  detail?: ReactNode;
  /** Makes the whole card a link to the matching page. */
  to?: string;
  className?: string;
}

/** A figure with its label: dashboard tiles, admin overview and summary cards. */
export function StatCard({ label, value, icon: Icon, detail, to, className }: StatCardProps) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      <p className="mt-2 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{value}</p>
      {detail && <div className="mt-1 text-sm text-slate-600">{detail}</div>}
    </>
  );
  const classes = cn(
    'block rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card)',
    to && 'transition-colors hover:border-brand-300 hover:bg-brand-50/30',
    className,
  );
  return to ? (
    <Link to={to} className={classes}>
      {body}
    </Link>
  ) : (
    <div className={classes}>{body}</div>
  );
}
