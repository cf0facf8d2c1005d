import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** The page width every public section shares: full bleed to 360 px, 80 rem at most. */
export function Container({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)} {...props} />;
}
