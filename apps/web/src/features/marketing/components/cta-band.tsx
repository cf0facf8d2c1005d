import { type ReactNode, useId } from 'react';
import { Container } from '@/components/ui/container';

export interface CtaBandProps {
  title: string;
  text: string;
  /** Links that look like buttons (inverse variants read well on the blue). */
  children: ReactNode;
}

/** The closing call to action of a page: a blue panel with a heading, a line and its buttons. */
export function CtaBand({ title, text, children }: CtaBandProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bg-white py-16 sm:py-20">
      <Container>
        <div className="relative isolate overflow-hidden rounded-3xl bg-brand-700 px-6 py-12 text-center shadow-(--shadow-raised) sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_top_right,var(--color-brand-500),transparent_60%)]"
          />
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-pretty text-brand-100">{text}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
        </div>
      </Container>
    </section>
  );
}
