import { SERVICE_PLANS } from '@hostpilot/shared';

/**
 * The address that adds a plan to the cart, `/cart?add=<plan>&period=<months>`: every plan button is this link,
 * so it works before the page's scripts run or without them, and is turned into the Add to cart dialog once
 * they have (docs/decisions/047-interactive-from-first-paint.md). A plan's id alone names it: ids are unique across
 * kinds (cart-catalog.test.ts holds the catalogue to it).
 *
 * On every public page, so it reads only the catalogue's plan list: the period rules (`renewalMonthsOf`) live
 * beside the API's schemas, whose validation code stays off these pages (e2e/code-splitting.spec.ts). The shortest
 * period is a month, or a year for what is sold by the year; cart-catalog.test.ts checks it against those rules.
 */
export const CART_ADD_PARAM = 'add';
export const CART_PERIOD_PARAM = 'period';

export function cartAddPath(planId: string): string {
  const plan = SERVICE_PLANS.find((candidate) => candidate.id === planId);
  const period = plan?.period === 'year' ? 12 : 1;
  return `/cart?${new URLSearchParams({ [CART_ADD_PARAM]: planId, [CART_PERIOD_PARAM]: String(period) })}`;
}
