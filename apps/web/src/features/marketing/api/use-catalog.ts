import {
  DATA_CENTERS,
  DEDICATED_PLANS,
  type GameId,
  type GamePlan,
  GAME_PLANS,
  GAMES,
  HOME_HOSTING_PLANS,
  HOSTING_PLANS,
  POPULAR_TLDS,
  SUPPORT_HOURS,
  TLDS,
  type TldPrice,
  UPTIME_PERCENT,
  VDS_PLANS,
} from '@hostpilot/shared';

/*
 * The marketing pages read the catalogue of packages/shared through these hooks, never directly:
 * today they answer from the catalogue; if plans ever come from the API, only this file changes.
 */

/** The /hosting page's plans: the first, static set of docs/product/constants.md (starter, business, enterprise). */
export function useHostingPlans() {
  return HOSTING_PLANS;
}

/** The home page's three-plan teaser: the second set of docs/product/constants.md (basic, pro, business). */
export function useHomeHostingPlans() {
  return HOME_HOSTING_PLANS;
}

export interface GameCatalog {
  id: GameId;
  name: string;
  plans: GamePlan[];
}

const GAME_CATALOG: readonly GameCatalog[] = GAMES.map((game) => ({
  ...game,
  plans: GAME_PLANS.filter((plan) => plan.game === game.id),
}));

/** Game plans grouped by game, in the catalogue's order (Counter-Strike 2, then Minecraft). */
export function useGameCatalog() {
  return GAME_CATALOG;
}

export function useVdsPlans() {
  return VDS_PLANS;
}

export function useDedicatedPlans() {
  return DEDICATED_PLANS;
}

/** The TLD grid of /domains. */
export function useTldPrices() {
  return TLDS;
}

const POPULAR_TLD_PRICES: readonly TldPrice[] = POPULAR_TLDS.map((tld) => {
  const price = TLDS.find((entry) => entry.tld === tld);
  if (!price) throw new Error(`Popular TLD ${tld} has no price in the catalogue`);
  return price;
});

/** The home page's popular TLDs, with their prices. */
export function usePopularTlds() {
  return POPULAR_TLD_PRICES;
}

export function useDataCenters() {
  return DATA_CENTERS;
}

const SITE_FACTS = {
  uptimePercent: UPTIME_PERCENT,
  supportHours: SUPPORT_HOURS,
  dataCenterCount: DATA_CENTERS.length,
} as const;

/** The claims every page may repeat: uptime, support hours, how many data centres. */
export function useSiteFacts() {
  return SITE_FACTS;
}
