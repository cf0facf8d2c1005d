import { Headset, Network, UserRoundCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import globe from '@/assets/brand/globe.svg';
import { fieldErrorsOf } from '@/lib/account-errors';
import { useHydrated } from '@/lib/use-hydrated';
import { useTldPrices } from '../api/use-catalog';
import { type DomainSearchState, useDomainSearch } from '../api/use-domain-search';
import { DOMAIN_SEARCH_PARAM, DomainSearchForm } from '../components/domain-search-form';
import { DomainSearchResults } from '../components/domain-search-results';
import { FeatureGrid } from '../components/feature-grid';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { useAddToCart } from '../lib/use-add-to-cart';
import { usePlanFormat } from '../lib/use-plan-format';

/** docs/product/screens.md: three feature blurbs, privacy, DNS and support. */
const BLURBS = [
  { id: 'privacy', icon: UserRoundCheck },
  { id: 'dns', icon: Network },
  { id: 'support', icon: Headset },
] as const;

/** The search box's own message when the API refused the name (its field error on `q`). */
function refusalOf(state: DomainSearchState): string | undefined {
  return state.status === 'error' ? fieldErrorsOf(state.error).q?.code : undefined;
}

/**
 * docs/product/screens.md and docs/product/ordering.md: the search form (its text is the address's ?search=, so
 * a search can be shared and the home page's box lands here), the results, the TLD grid from $9.99 a year, and
 * the three blurbs.
 */
export function DomainsPage() {
  const { t } = useTranslation('marketing');
  const [params, setParams] = useSearchParams();
  // The page is prerendered without a search: a search in the address (the home page's form, sent before its
  // scripts ran) is read once hydrated, so that hydration finds what the server wrote.
  const hydrated = useHydrated();
  const query = hydrated ? (params.get(DOMAIN_SEARCH_PARAM)?.trim() ?? '') : '';
  const tlds = useTldPrices();
  const { money } = usePlanFormat();
  const cart = useAddToCart();
  const search = useDomainSearch(query);
  const refusal = refusalOf(search.state);
  return (
    <>
      <PageHero
        eyebrow={t('domains.eyebrow')}
        title={t('domains.heading')}
        intro={t('domains.intro', { price: money(Math.min(...tlds.map((tld) => tld.priceFrom))) })}
        illustration={{ src: globe, name: 'globe' }}
      >
        <DomainSearchForm
          size="hero"
          defaultValue={query}
          errorKey={refusal}
          onSearch={(text) => {
            if (text === query) search.retry();
            else setParams({ [DOMAIN_SEARCH_PARAM]: text }, { preventScrollReset: true });
          }}
          className="mx-auto mt-10 max-w-3xl text-left"
        />
        <div aria-live="polite" className="mx-auto mt-8 max-w-3xl">
          {refusal === undefined && (
            <DomainSearchResults state={search.state} onRetry={search.retry} onRegister={cart.addDomain} />
          )}
        </div>
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
      {cart.dialog}
    </>
  );
}
