import type { DomainCheck } from '@hostpilot/shared';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { CartPlanKind } from '@/lib/cart-store';

// The dialog, its form and the catalogue's period and price rules load when a visitor first chooses a plan, not
// with the page (docs/decisions/036-cart-in-local-storage.md).
const AddToCartDialog = lazy(() =>
  import('../components/cart/add-to-cart-dialog').then((module) => ({ default: module.AddToCartDialog })),
);

/** What a button asks to add: a plan of a kind, or a found domain. */
export type CartTarget = { kind: CartPlanKind; planId: string } | { kind: 'domain'; name: string; displayName: string };

/** The state behind the Add to cart dialog of a page: what the visitor is choosing, if anything. */
export function useAddToCart() {
  const [target, setTarget] = useState<CartTarget | null>(null);
  const [opened, setOpened] = useState(false);
  const open = useCallback((next: CartTarget) => {
    setOpened(true);
    setTarget(next);
  }, []);
  const close = useCallback(() => setTarget(null), []);
  const dialog = opened ? (
    <Suspense fallback={null}>
      <AddToCartDialog target={target} onClose={close} />
    </Suspense>
  ) : null;
  return {
    addPlan: useCallback((kind: CartPlanKind, planId: string) => open({ kind, planId }), [open]),
    addDomain: useCallback(
      (check: Pick<DomainCheck, 'name' | 'displayName'>) =>
        open({ kind: 'domain', name: check.name, displayName: check.displayName }),
      [open],
    ),
    close,
    dialog,
  };
}
