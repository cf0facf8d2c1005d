import {
  DATA_CENTERS,
  DOMAIN_RENEWAL_YEARS,
  domainYearCents,
  GAME_PLANS,
  GAMES,
  type GameId,
  planFamily,
  renewalCents,
  renewalMonthsOf,
  SERVICE_PLANS,
  type ServicePlan,
} from '@hostpilot/shared';
import type { CartLine, CartPlanKind, NewCartLine } from '@/lib/cart-store';
import { CART_ADD_PARAM, CART_PERIOD_PARAM, cartAddPath } from '../../lib/cart-address';

export { CART_ADD_PARAM, CART_PERIOD_PARAM };

/**
 * What a cart line can be, read from the catalogue of packages/shared: the plans of a kind, their periods and
 * the price shown before checkout (the server's quote has the last word, docs/decisions/036-cart-in-local-storage.md).
 */

export const plansOfKind = (kind: CartPlanKind): readonly ServicePlan[] =>
  SERVICE_PLANS.filter((plan) => plan.kind === kind);

/**
 * The plans a line may switch between: those of its plan's product (the /hosting plans, or the home teaser's:
 * `planFamily`), so that a line ordered from the home page is offered the plans that page shows.
 */
export const plansLike = (kind: CartPlanKind, planId: string): readonly ServicePlan[] => {
  const current = findPlan(kind, planId);
  return current ? plansOfKind(kind).filter((plan) => planFamily(plan) === planFamily(current)) : plansOfKind(kind);
};

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

/**
 * A plan line as it starts: the given period (else the plan's shortest) and, for a server, the first data-centre
 * city. The Add to cart dialog starts from it, and so does a plan added by its address (`/cart?add=…`).
 */
export function planLine(kind: CartPlanKind, planId: string, months?: number): NewCartLine {
  const plan = findPlan(kind, planId);
  const period = months ?? (plan ? periodsOf(plan)[0]! : 1);
  return needsDataCenter(kind)
    ? { kind, planId, months: period, dataCenter: DATA_CENTERS[0]!.id }
    : { kind, planId, months: period };
}

/** Every address a plan button links to: the build prerenders the cart page for each (scripts/prerender.mjs). */
export const CART_ADD_PATHS: readonly string[] = SERVICE_PLANS.map((plan) => cartAddPath(plan.id));

/** The line an address asks to add, or null when it asks none or names no plan and period the catalogue sells. */
export function lineFromAddress(params: URLSearchParams): NewCartLine | null {
  const plan = SERVICE_PLANS.find((candidate) => candidate.id === params.get(CART_ADD_PARAM));
  if (!plan) return null;
  const period = params.get(CART_PERIOD_PARAM);
  const months = period === null ? periodsOf(plan)[0]! : Number(period);
  if (!periodsOf(plan).includes(months)) return null;
  return planLine(plan.kind, plan.id, months);
}
