import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import dashboardEn640 from '@/assets/brand/dashboard-en-640.webp';
import dashboardEn1280 from '@/assets/brand/dashboard-en-1280.webp';
import dashboardRu640 from '@/assets/brand/dashboard-ru-640.webp';
import dashboardRu1280 from '@/assets/brand/dashboard-ru-1280.webp';
import { CheckList } from '../check-list';
import { useTranslatedList } from '../../lib/use-translated-list';

/**
 * The demo dashboard as a customer sees it, taken from the product itself in each language
 * (docs/decisions/054-charts-and-the-look-of-a-brand.md). Below the fold, so it loads lazily; its width and height
 * are set, so the page keeps its place while it arrives.
 */
const SHOTS = {
  en: { small: dashboardEn640, large: dashboardEn1280 },
  ru: { small: dashboardRu640, large: dashboardRu1280 },
} as const;

export function HomeProduct() {
  const { t, i18n } = useTranslation('marketing');
  const list = useTranslatedList();
  const headingId = useId();
  const shot = i18n.resolvedLanguage === 'ru' ? SHOTS.ru : SHOTS.en;
  return (
    <section aria-labelledby={headingId} className="bg-white py-16 sm:py-20">
      <Container className="grid items-center gap-10 lg:grid-cols-[2fr_3fr] lg:gap-14">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('home.product.eyebrow')}</p>
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900">
            {t('home.product.title')}
          </h2>
          <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">{t('home.product.intro')}</p>
          <CheckList items={list('home.product.points')} className="mt-6" />
        </div>
        <figure className="min-w-0">
          <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 shadow-(--shadow-raised)">
            <div
              aria-hidden="true"
              className="flex items-center gap-1.5 border-b border-slate-200 bg-white px-4 py-2.5"
            >
              <span className="size-2.5 rounded-full bg-slate-300" />
              <span className="size-2.5 rounded-full bg-slate-300" />
              <span className="size-2.5 rounded-full bg-slate-300" />
            </div>
            <img
              src={shot.large}
              srcSet={`${shot.small} 640w, ${shot.large} 1280w`}
              sizes="(min-width: 1024px) 720px, 100vw"
              width={1280}
              height={800}
              loading="lazy"
              decoding="async"
              alt={t('home.product.alt')}
              className="block h-auto w-full"
            />
          </div>
          <figcaption className="mt-3 text-center text-sm text-slate-500">{t('home.product.caption')}</figcaption>
        </figure>
      </Container>
    </section>
  );
}
