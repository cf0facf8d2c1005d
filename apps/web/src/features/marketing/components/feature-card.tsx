import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface FeatureCardProps {
  icon: LucideIcon;
  title: string;
  text: string;
  id?: string;
  /** 2 when the card sits right under the page's h1, else 3. */
  headingLevel?: 2 | 3;
  /** A link or button under the text. */
  children?: ReactNode;
  className?: string;
}

/** An icon, a title and a few words: a feature, a service, a reason to choose us. */
export function FeatureCard({ icon: Icon, title, text, id, headingLevel = 3, children, className }: FeatureCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      id={id}
      className={cn(
        'relative flex scroll-mt-24 flex-col rounded-(--radius-card) border border-slate-200 bg-white p-6 shadow-(--shadow-card) target:border-brand-600 target:ring-2 target:ring-brand-600',
        className,
      )}
    >
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <Heading className="mt-5 text-lg font-semibold text-slate-900">{title}</Heading>
      <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
      {children && <div className="mt-auto pt-5">{children}</div>}
    </div>
  );
}
