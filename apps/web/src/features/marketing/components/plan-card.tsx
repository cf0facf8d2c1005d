import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { cn } from '@/lib/cn';
import { CheckList } from './check-list';
import { PriceTag } from './price-tag';
import { actionLabel as labelFor } from '../lib/action-label';
import type { PlanLinkProps } from '../lib/use-add-to-cart';

export interface PlanSpec {
  label: string;
  value: string;
}

export interface PlanCardProps {
  name: string;
  description?: string;
  /** Dollars per month. */
  price: number;
  popular?: boolean;
  specs: PlanSpec[];
  features?: string[];
  actionLabel: string;
  /** The order button's link: the address that adds the plan to the cart, enhanced into the dialog (useAddToCart). */
  action: PlanLinkProps;
  /** The level of the plan's name: 3 under a section's h2, 2 right under the page's h1. */
  headingLevel?: 2 | 3;
}

/** One plan: name, price, what it holds, and its order button. The popular one is ringed and marked. */
export function PlanCard({
  name,
  description,
  price,
  popular = false,
  specs,
  features,
  actionLabel,
  action,
  headingLevel = 3,
}: PlanCardProps) {
  const { t } = useTranslation('marketing');
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      aria-labelledby={headingId}
      data-popular={popular}
      className={cn(
        'relative flex flex-col rounded-(--radius-card) border bg-white p-6 shadow-(--shadow-card) sm:p-8',
        popular ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
      )}
    >
      {popular && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white shadow-sm">
          {t('plan.mostPopular')}
        </p>
      )}
      <Heading id={headingId} className="text-lg font-semibold text-slate-900">
        {name}
      </Heading>
      {description && <p className="mt-2 text-sm leading-6 text-slate-600">{description}</p>}
      <PriceTag amount={price} period="month" className="mt-6" />
      <dl className="mt-6 divide-y divide-slate-100 border-y border-slate-100 text-sm">
        {specs.map((spec) => (
          <div key={spec.label} className="flex items-baseline justify-between gap-4 py-2.5">
            <dt className="text-slate-500">{spec.label}</dt>
            <dd className="text-right font-semibold text-slate-900">{spec.value}</dd>
          </div>
        ))}
      </dl>
      {features && features.length > 0 && <CheckList items={features} className="mt-6" />}
      <div className="mt-auto pt-8">
        <ButtonLink
          {...action}
          variant={popular ? 'primary' : 'secondary'}
          size="lg"
          fullWidth
          aria-label={labelFor(actionLabel, name)}
        >
          {actionLabel}
        </ButtonLink>
      </div>
    </article>
  );
}
