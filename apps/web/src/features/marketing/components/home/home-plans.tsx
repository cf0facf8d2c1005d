import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHomeHostingPlans } from '../../api/use-catalog';
import { useOrderRequest } from '../../lib/use-order-request';
import { usePlanFormat } from '../../lib/use-plan-format';
import { useTranslatedList } from '../../lib/use-translated-list';
import { OrderDialog } from '../order-dialog';
import { PlanCards } from '../plan-cards';
import { Section } from '../section';

/** docs/product/screens.md: the three-plan teaser; its order button answers honestly instead of doing nothing. */
export function HomePlans() {
  const { t } = useTranslation('marketing');
  const plans = useHomeHostingPlans();
  const format = usePlanFormat();
  const list = useTranslatedList();
  const order = useOrderRequest();
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
        onOrder={order.orderPlan}
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
      <OrderDialog request={order.request} onClose={order.close} />
    </Section>
  );
}
