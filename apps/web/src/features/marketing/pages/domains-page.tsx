import { Headset, Network, UserRoundCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTldPrices } from '../api/use-catalog';
import { DomainSearchForm } from '../components/domain-search-form';
import { FeatureGrid } from '../components/feature-grid';
import { OrderDialog } from '../components/order-dialog';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { useOrderRequest } from '../lib/use-order-request';
import { usePlanFormat } from '../lib/use-plan-format';

/** docs/product/screens.md: three feature blurbs, privacy, DNS and support. */
const BLURBS = [
  { id: 'privacy', icon: UserRoundCheck },
  { id: 'dns', icon: Network },
  { id: 'support', icon: Headset },
] as const;

/**
 * docs/product/screens.md: the search form (prefilled from ?search=, its submit answers honestly), the TLD grid
 * from $9.99 a year, and the three blurbs.
 */
export function DomainsPage() {
  const { t } = useTranslation('marketing');
  const [params] = useSearchParams();
  const initialQuery = params.get('search') ?? '';
  const tlds = useTldPrices();
  const { money } = usePlanFormat();
  const order = useOrderRequest();
  return (
    <>
      <PageHero
        eyebrow={t('domains.eyebrow')}
        title={t('domains.heading')}
        intro={t('domains.intro', { price: money(Math.min(...tlds.map((tld) => tld.priceFrom))) })}
      >
        <DomainSearchForm
          key={initialQuery}
          size="hero"
          defaultValue={initialQuery}
          onSearch={order.checkDomain}
          className="mx-auto mt-10 max-w-3xl text-left"
        />
      </PageHero>
      <Section title={t('domains.tlds.title')} intro={t('domains.tlds.intro')} className="pt-4 sm:pt-6">
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
          {tlds.map(({ tld, priceFrom }) => (
            <li
              key={tld}
              className="rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) sm:p-6"
            >
              <p className="text-2xl font-bold text-brand-700 sm:text-3xl">{tld}</p>
              <p className="mt-1 font-semibold text-slate-900">{t('price.fromPerYear', { price: money(priceFrom) })}</p>
              <p className="mt-2 hidden text-sm leading-6 text-slate-600 sm:block">
                {t(`domains.tlds.about.${tld.slice(1)}`)}
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <Section tone="muted" title={t('domains.blurbs.title')}>
        <FeatureGrid items={BLURBS} keyPrefix="domains.blurbs" />
      </Section>
      <OrderDialog request={order.request} onClose={order.close} />
    </>
  );
}
