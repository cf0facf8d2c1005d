import { EXTRA_PLANS } from '@hostpilot/shared';
import { ArrowRight, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { CheckList } from '../components/check-list';
import { FeatureCard } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { SERVICE_ICONS, type ServiceId } from '../lib/service-icons';
import { useScrollToHash } from '../lib/use-scroll-to-hash';
import { useTranslatedList } from '../lib/use-translated-list';
import { actionLabel } from '../lib/action-label';
import { useAddToCart } from '../lib/use-add-to-cart';
import { usePlanFormat } from '../lib/use-plan-format';

/** docs/product/screens.md: three cards, SSL, website builder and backup. */
const CORE_SERVICES: readonly ServiceId[] = ['ssl', 'builder', 'backup'];
/** The home page also links to #email and #security: they live here too. */
const MORE_SERVICES: readonly ServiceId[] = ['email', 'security'];

export function ServicesPage() {
  const { t } = useTranslation('marketing');
  const list = useTranslatedList();
  const cart = useAddToCart();
  const { money } = usePlanFormat();
  useScrollToHash();

  const card = (id: ServiceId) => (
    <li key={id} className="flex">
      <FeatureCard
        id={id}
        icon={SERVICE_ICONS[id]}
        title={t(`services.items.${id}.title`)}
        text={t(`services.items.${id}.text`)}
        className="w-full"
      >
        <CheckList items={list(`services.items.${id}.points`)} />
        {(() => {
          // The extras sold by the year for one domain (the website builder comes with hosting plans).
          const plan = EXTRA_PLANS.find((extra) => extra.id === id);
          return (
            plan && (
              <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2">
                <p className="font-semibold text-slate-900">{t('price.perYearInline', { price: money(plan.price) })}</p>
                <ButtonLink
                  size="sm"
                  aria-label={actionLabel(t('cart.add'), t(`services.items.${id}.title`))}
                  {...cart.planLink('extra', plan.id)}
                >
                  <ShoppingCart aria-hidden="true" className="size-4" />
                  {t('cart.add')}
                </ButtonLink>
              </div>
            )
          );
        })()}
        <Link
          to={`/contact?${new URLSearchParams({ topic: t(`services.items.${id}.title`) })}`}
          aria-label={actionLabel(t('services.ask'), t(`services.items.${id}.title`))}
          className="mt-6 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          {t('services.ask')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </FeatureCard>
    </li>
  );

  return (
    <>
      <PageHero eyebrow={t('services.eyebrow')} title={t('services.heading')} intro={t('services.intro')} />
      <Section title={t('services.core.title')} intro={t('services.core.intro')} className="pt-4 sm:pt-6">
        <ul className="grid gap-6 lg:grid-cols-3">{CORE_SERVICES.map(card)}</ul>
      </Section>
      <Section tone="muted" title={t('services.more.title')} intro={t('services.more.intro')}>
        <ul className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">{MORE_SERVICES.map(card)}</ul>
      </Section>
      {cart.dialog}
    </>
  );
}
