import { cn } from '@/lib/cn';
import type { PlanLinkProps } from '../lib/use-add-to-cart';
import { PlanCard, type PlanSpec } from './plan-card';

interface PlanLike {
  id: string;
  name: string;
  price: number;
  isPopular?: boolean;
}

export interface PlanCardsProps<P extends PlanLike> {
  plans: readonly P[];
  description: (plan: P) => string;
  specs: (plan: P) => PlanSpec[];
  features?: (plan: P) => string[];
  actionLabel: string;
  /** The order link of a plan (`useAddToCart().planLink`). */
  orderLink: (plan: P) => PlanLinkProps;
  /** 2 when the cards sit right under the page's h1, else 3. */
  headingLevel?: 2 | 3;
  columns?: 2 | 3;
}

/** A set of plan cards side by side: stacked on phones, two or three across as the screen allows. */
export function PlanCards<P extends PlanLike>({
  plans,
  description,
  specs,
  features,
  actionLabel,
  orderLink,
  headingLevel = 3,
  columns = 3,
}: PlanCardsProps<P>) {
  return (
    <div
      className={cn(
        'grid gap-8 lg:gap-6',
        columns === 3 ? 'md:grid-cols-2 lg:grid-cols-3' : 'mx-auto max-w-4xl md:grid-cols-2',
      )}
    >
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          headingLevel={headingLevel}
          name={plan.name}
          description={description(plan)}
          price={plan.price}
          popular={plan.isPopular ?? false}
          specs={specs(plan)}
          features={features?.(plan)}
          actionLabel={actionLabel}
          action={orderLink(plan)}
        />
      ))}
    </div>
  );
}
