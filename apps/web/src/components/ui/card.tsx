import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article' | 'li';
  padded?: boolean;
}

export function Card({ as: Tag = 'div', padded = true, className, ...props }: CardProps) {
  return (
    <Tag
      className={cn(
        'rounded-(--radius-card) border border-slate-200 bg-white shadow-(--shadow-card)',
        padded && 'p-6',
        className,
      )}
      {...props}
    />
  );
}
