import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface CheckListProps {
  items: string[];
  className?: string;
  /** Two columns from the `sm` breakpoint. */
  columns?: 1 | 2;
}

/** A list of what is included, each line with a check mark. */
export function CheckList({ items, className, columns = 1 }: CheckListProps) {
  return (
    <ul className={cn('grid gap-3', columns === 2 && 'sm:grid-cols-2 sm:gap-x-8', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-sm leading-6 text-slate-700">
          <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success-600" />
          <span className="min-w-0">{item}</span>
        </li>
      ))}
    </ul>
  );
}
