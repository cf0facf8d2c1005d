import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** A grey placeholder block the size of what is loading. Purely visual: `LoadingRegion` does the announcing. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none', className)}
    />
  );
}

/** Skeleton lines of a list or table: `rows` bars of full width. */
export function SkeletonRows({ rows = 3, className }: { rows?: number; className?: string }) {
  return (
    <div className={cn('space-y-3', className)}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-12 w-full" />
      ))}
    </div>
  );
}

export interface LoadingRegionProps {
  /** What is loading, for screen readers; "Loading…" when not given. */
  label?: string;
  children?: ReactNode;
  className?: string;
}

/**
 * The place of content that is still loading: skeletons for the eye, and one polite "Loading…" status for
 * screen readers (the skeletons themselves are hidden from them).
 */
export function LoadingRegion({ label, children, className }: LoadingRegionProps) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="sr-only">{label ?? t('status.loading')}</span>
      {children ?? <SkeletonRows />}
    </div>
  );
}
