import { useTranslation } from 'react-i18next';
import { MAX_RATING, useTestimonials } from '../../api/use-testimonials';
import { Section } from '../section';
import { StarRating } from '../star-rating';

/** docs/product/screens.md: three static testimonials with star ratings. */
export function HomeTestimonials() {
  const { t } = useTranslation('marketing');
  const testimonials = useTestimonials();
  return (
    <Section eyebrow={t('testimonials.eyebrow')} title={t('testimonials.title')} intro={t('testimonials.intro')}>
      <ul className="grid gap-6 lg:grid-cols-3">
        {testimonials.map((item) => (
          <li key={item.id} className="flex">
            <figure className="flex w-full flex-col rounded-(--radius-card) border border-slate-200 bg-white p-6 shadow-(--shadow-card) sm:p-8">
              <StarRating rating={item.rating} max={MAX_RATING} />
              <blockquote className="mt-5 flex-1 leading-7 text-slate-700">
                <p>{t('testimonials.quote', { text: t(`testimonials.items.${item.id}`) })}</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
                <span
                  aria-hidden="true"
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
                >
                  {item.name
                    .split(' ')
                    .map((part) => part[0])
                    .join('')}
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{item.name}</span>
                  <span className="block text-sm text-slate-500">{item.company}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
