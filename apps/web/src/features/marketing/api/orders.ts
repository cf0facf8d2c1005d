import type { CartLine as OrderLineInput } from '@hostpilot/shared';
import type { CartLine } from '@/lib/cart-store';
import { gameOfPlan } from '../components/cart/cart-catalog';

/**
 * The browser's cart as the orders API takes it (`cartLineSchema` of packages/shared): choices only, never a
 * price. A domain's years go as months; a game plan names its game.
 */
export function toOrderLines(lines: readonly CartLine[]): OrderLineInput[] {
  return lines.map((line): OrderLineInput => {
    if (line.kind === 'domain') return { kind: 'domain', domain: line.name, months: line.years * 12 };
    const game = line.kind === 'game' ? gameOfPlan(line.planId) : undefined;
    return {
      kind: line.kind,
      planId: line.planId,
      months: line.months,
      ...(line.dataCenter ? { location: line.dataCenter } : {}),
      ...(line.domain ? { domain: line.domain } : {}),
      ...(game ? { game } : {}),
    };
  });
}
