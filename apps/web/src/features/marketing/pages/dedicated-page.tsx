import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { useDataCenters, useDedicatedPlans } from '../api/use-catalog';
import { ContactCta } from '../components/contact-cta';
import { PageHero } from '../components/page-hero';
import { PlanCards } from '../components/plan-cards';
import { Section } from '../components/section';
import { useAddToCart } from '../lib/use-add-to-cart';
import { usePlanFormat } from '../lib/use-plan-format';

/** docs/product/screens.md: three plans with Configure & Order, and the four data-centre cities. */
export function DedicatedPage() {
  const { t } = useTranslation('marketing');
  const plans = useDedicatedPlans();
  const dataCenters = useDataCenters();
  const format = usePlanFormat();
  const cart = useAddToCart();
  return (
    <>
      <PageHero eyebrow={t('dedicated.eyebrow')} title={t('dedicated.heading')} intro={t('dedicated.intro')} />
      <Container className="pb-16 sm:pb-20">
        <PlanCards
          plans={plans}
          headingLevel={2}
          description={(plan) => t(`dedicatedPlans.${plan.id}`)}
          specs={(plan) => format.serverSpecs(plan.specs)}
          actionLabel={t('plan.configure')}
          orderLink={(plan) => cart.planLink('dedicated', plan.id)}
        />
      </Container>
      <Section tone="muted" title={t('dedicated.locations.title')} intro={t('dedicated.locations.intro')}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {dataCenters.map((dc) => (
            <li
              key={dc.id}
              className="flex items-center gap-4 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card)"
            >
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <MapPin aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{t(`cities.${dc.id}`)}</span>
                <span className="block text-sm text-slate-500">{t(`countries.${dc.country}`)}</span>
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <ContactCta keyPrefix="dedicated.cta" />
      {cart.dialog}
    </>
  );
}
