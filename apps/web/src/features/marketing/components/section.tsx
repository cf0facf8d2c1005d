import { type ReactNode, useId } from 'react';
import { Container } from '@/components/ui/container';
import { cn } from '@/lib/cn';

export interface SectionProps {
  id?: string;
  /** `muted` gives the light grey band that alternates with white ones. */
  tone?: 'white' | 'muted';
  eyebrow?: string;
  title: string;
  intro?: string;
  align?: 'center' | 'start';
  children: ReactNode;
  className?: string;
}

/** A band of a marketing page: a heading (h2) with an optional eyebrow and intro, then its content. */
export function Section({
  id,
  tone = 'white',
  eyebrow,
  title,
  intro,
  align = 'center',
  children,
  className,
}: SectionProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('py-16 sm:py-20', tone === 'muted' ? 'bg-slate-50' : 'bg-white', className)}
    >
      <Container>
        <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
          {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>}
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            {title}
          </h2>
          {intro && <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">{intro}</p>}
        </div>
        <div className="mt-10 sm:mt-12">{children}</div>
      </Container>
    </section>
  );
}
