import { cn } from '@/lib/cn';

export interface SpinnerProps {
  /** What is loading, announced to screen readers. */
  label: string;
  className?: string;
}

export function Spinner({ label, className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-[3px] border-brand-200 border-t-brand-600 motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Fills the viewport while the session or a page is being prepared. */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center" data-testid="full-page-spinner">
      <Spinner label={label} className="[&>span:first-child]:size-10" />
    </div>
  );
}
