import { Handshake } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { Container } from '@/components/ui/container';
import { CheckList } from '../check-list';
import { useTranslatedList } from '../../lib/use-translated-list';

/** docs/product/screens.md: the partner-program block, linking to /about. */
export function HomePartners() {
  const { t } = useTranslation('marketing');
  const list = useTranslatedList();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bg-slate-50 py-16 sm:py-20">
      <Container>
        <div className="grid items-center gap-10 rounded-3xl border border-slate-200 bg-white p-6 shadow-(--shadow-card) sm:p-10 lg:grid-cols-2 lg:p-14">
          <div>
            <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Handshake aria-hidden="true" className="size-6" />
            </span>
            <p className="mt-5 text-sm font-semibold uppercase tracking-wide text-brand-700">{t('partners.eyebrow')}</p>
            <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900">
              {t('partners.title')}
            </h2>
            <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">{t('partners.intro')}</p>
            <ButtonLink to="/about" size="lg" className="mt-8">
              {t('partners.cta')}
            </ButtonLink>
          </div>
          <CheckList items={list('partners.benefits')} className="lg:pl-8" />
        </div>
      </Container>
    </section>
  );
}
