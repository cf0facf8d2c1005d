import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHomeHostingPlans } from '../../api/use-catalog';
import { useAddToCart } from '../../lib/use-add-to-cart';
import { usePlanFormat } from '../../lib/use-plan-format';
import { useTranslatedList } from '../../lib/use-translated-list';
import { PlanCards } from '../plan-cards';
import { Section } from '../section';

/**
 * docs/product/screens.md: the three-plan teaser. Each Order Now orders exactly the plan it shows, at its price
 * (docs/decisions/052-money-journeys.md): the teaser's plans are sold as hosting plans of their own.
 */
export function HomePlans() {
  const { t } = useTranslation('marketing');
  const plans = useHomeHostingPlans();
  const format = usePlanFormat();
  const list = useTranslatedList();
  const cart = useAddToCart();
  return (
    <Section eyebrow={t('home.plans.eyebrow')} title={t('home.plans.title')} intro={t('home.plans.intro')}>
      <PlanCards
        plans={plans}
        description={(plan) => t(`homePlans.${plan.id}.description`)}
        specs={(plan) => [
          { label: t('specs.storage'), value: format.size(plan.storage) },
          { label: t('specs.bandwidth'), value: format.sizeOrUnlimited(plan.bandwidth) },
        ]}
        features={(plan) => list(`homePlans.${plan.id}.features`)}
        actionLabel={t('plan.orderNow')}
        orderLink={(plan) => cart.planLink('hosting', plan.planId)}
      />
      <p className="mt-10 text-center">
        <Link
          to="/hosting"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          {t('home.plans.compareAll')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </p>
      {cart.dialog}
    </Section>
  );
}
