import type { ReactNode } from 'react';
import { Container } from '@/components/ui/container';
import { cn } from '@/lib/cn';
import { HeroBackdrop } from './hero-backdrop';

export interface PageHeroProps {
  eyebrow?: string;
  title: string;
  intro: string;
  children?: ReactNode;
  align?: 'center' | 'start';
  /** A decorative drawing above the eyebrow (`assets/brand/*.svg`), shown from 640 px up. */
  illustration?: { src: string; name: string };
}

/**
 * The top of every marketing page: the page's one h1 on a light brand wash that runs under the
 * (transparent until scrolled) header. An illustration is a hashed SVG file shown by `<img>` with its size set, so
 * it adds no JavaScript and shifts nothing; it is hidden below 640 px, where it would push the page's main action
 * (the plans, the search) out of the first screen (docs/decisions/054-charts-and-the-look-of-a-brand.md).
 */
export function PageHero({ eyebrow, title, intro, children, align = 'center', illustration }: PageHeroProps) {
  return (
    <section className="relative isolate -mt-16 overflow-hidden bg-linear-to-b from-brand-50 via-brand-50/40 to-white pt-16">
      <HeroBackdrop />
      <Container className={cn('pb-14 pt-12 sm:pb-20 sm:pt-16', align === 'center' && 'text-center')}>
        <div className={cn('max-w-3xl', align === 'center' && 'mx-auto')}>
          {illustration && (
            <img
              src={illustration.src}
              width={240}
              height={160}
              alt=""
              aria-hidden="true"
              decoding="async"
              data-illustration={illustration.name}
              className={cn('mb-6 hidden h-auto w-48 sm:block lg:w-60', align === 'center' && 'mx-auto')}
            />
          )}
          {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>}
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">{title}</h1>
          <p className="mt-5 text-lg leading-8 text-pretty text-slate-600">{intro}</p>
        </div>
        {children}
      </Container>
    </section>
  );
}
