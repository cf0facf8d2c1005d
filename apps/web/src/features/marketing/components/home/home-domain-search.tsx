import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePopularTlds } from '../../api/use-catalog';
import { usePlanFormat } from '../../lib/use-plan-format';
import { DOMAIN_SEARCH_PARAM, DomainSearchForm } from '../domain-search-form';
import { Section } from '../section';

/** docs/product/screens.md: the domain search box (to /domains?search=…) and the popular TLDs. */
export function HomeDomainSearch() {
  const { t } = useTranslation('marketing');
  const navigate = useNavigate();
  const tlds = usePopularTlds();
  const { money } = usePlanFormat();
  return (
    <Section
      tone="muted"
      eyebrow={t('home.domains.eyebrow')}
      title={t('home.domains.title')}
      intro={t('home.domains.intro')}
    >
      <div className="mx-auto max-w-3xl">
        <DomainSearchForm
          size="hero"
          onSearch={(query) =>
            navigate({ pathname: '/domains', search: `?${new URLSearchParams({ [DOMAIN_SEARCH_PARAM]: query })}` })
          }
        />
        <h3 className="mt-10 text-center text-sm font-semibold text-slate-700">{t('home.domains.popular')}</h3>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {tlds.map(({ tld, priceFrom }) => (
            <li
              key={tld}
              className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-center shadow-(--shadow-card)"
            >
              <span className="block text-xl font-bold text-brand-700">{tld}</span>
              <span className="mt-1 block text-sm text-slate-600">
                {t('price.fromPerYear', { price: money(priceFrom) })}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
