import type { TFunction } from 'i18next';
import type { CartLine, NewCartLine } from '@/lib/cart-store';
import { findPlan, GAMES, gameOfPlan } from './cart-catalog';

/** A line's name: the plan's, or the domain as people read it. */
export function lineName(line: NewCartLine | CartLine): string {
  if (line.kind === 'domain') return line.displayName;
  return findPlan(line.kind, line.planId)?.name ?? line.planId;
}

/** What kind of thing a line is, then its choices, in words: "Web hosting · 12 months · London · shop.com". */
export function lineDetails(line: NewCartLine | CartLine, t: TFunction<'marketing'>): string[] {
  if (line.kind === 'domain') return [t('cart.kinds.domain'), t('cart.years', { count: line.years })];
  const plan = findPlan(line.kind, line.planId);
  const game = line.kind === 'game' ? GAMES.find((g) => g.id === gameOfPlan(line.planId))?.name : undefined;
  const period =
    plan?.period === 'year' ? t('cart.years', { count: line.months / 12 }) : t('cart.months', { count: line.months });
  return [
    game ?? t(`cart.kinds.${line.kind}`),
    period,
    ...(line.dataCenter ? [t(`cities.${line.dataCenter}`, { defaultValue: line.dataCenter })] : []),
    ...(line.domain ? [line.domain] : []),
  ];
}
