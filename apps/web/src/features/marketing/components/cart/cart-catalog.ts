import {
  DATA_CENTERS,
  DOMAIN_RENEWAL_YEARS,
  domainYearCents,
  GAME_PLANS,
  GAMES,
  type GameId,
  renewalCents,
  renewalMonthsOf,
  SERVICE_PLANS,
  type ServicePlan,
} from '@hostpilot/shared';
import type { CartLine, CartPlanKind, NewCartLine } from '@/lib/cart-store';

/**
 * What a cart line can be, read from the catalogue of packages/shared: the plans of a kind, their periods and
 * the price shown before checkout (the server's quote has the last word, docs/decisions/036-cart-in-local-storage.md).
 */

export const plansOfKind = (kind: CartPlanKind): readonly ServicePlan[] =>
  SERVICE_PLANS.filter((plan) => plan.kind === kind);

export const findPlan = (kind: CartPlanKind, planId: string): ServicePlan | undefined =>
  SERVICE_PLANS.find((plan) => plan.kind === kind && plan.id === planId);

export const gameOfPlan = (planId: string): GameId | undefined => GAME_PLANS.find((plan) => plan.id === planId)?.game;
export const plansOfGame = (game: GameId): readonly ServicePlan[] =>
  plansOfKind('game').filter((plan) => gameOfPlan(plan.id) === game);
export { DATA_CENTERS, DOMAIN_RENEWAL_YEARS, GAMES };

/** Kinds that run on a server in a data-centre city. */
export const needsDataCenter = (kind: CartPlanKind) => kind !== 'extra';
/** Kinds that are for a domain: hosting may name it later, an extra needs it now. */
export const domainRule = (kind: CartPlanKind): 'required' | 'optional' | 'none' =>
  kind === 'extra' ? 'required' : kind === 'hosting' ? 'optional' : 'none';

export const periodsOf = (plan: ServicePlan): readonly number[] => renewalMonthsOf(plan.period);

/** The domain's ending with its dot: `.com`. */
export const tldOf = (name: string) => name.slice(name.indexOf('.'));

/** The catalogue price of a line in cents, or undefined when the catalogue does not sell it. */
export function catalogueCents(line: NewCartLine | CartLine): number | undefined {
  if (line.kind === 'domain') {
    const year = domainYearCents(tldOf(line.name));
    return year === undefined ? undefined : year * line.years;
  }
  const plan = findPlan(line.kind, line.planId);
  return plan ? renewalCents(plan, line.months) : undefined;
}

/**
 * A domain as a hosting plan or an extra may name it: one name and one ending, letters, digits and hyphens
 * (the server checks it fully, with the search's rules of docs/product/ordering.md).
 */
export const DOMAIN_PATTERN = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)\.[a-z]{2,}$/u;
