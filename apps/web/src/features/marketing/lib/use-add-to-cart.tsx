import type { DomainCheck } from '@hostpilot/shared';
import { lazy, type MouseEvent, Suspense, useCallback, useState } from 'react';
import type { CartPlanKind } from '@/lib/cart-store';
import { cartAddPath } from './cart-address';

// The dialog, its form and the catalogue's period and price rules load when a visitor first chooses a plan, not
// with the page (docs/decisions/036-cart-in-local-storage.md).
const AddToCartDialog = lazy(() =>
  import('../components/cart/add-to-cart-dialog').then((module) => ({ default: module.AddToCartDialog })),
);

/** What a button asks to add: a plan of a kind, or a found domain. */
export type CartTarget = { kind: CartPlanKind; planId: string } | { kind: 'domain'; name: string; displayName: string };

/** A plan's order link: its address adds the plan to the cart, its click (once the page has hydrated) opens the dialog. */
export interface PlanLinkProps {
  to: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** A click that would follow the link in this tab; one with a modifier key or another button opens it elsewhere. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

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
    /**
     * A plan button as a link (docs/decisions/047-interactive-from-first-paint.md): before the page's scripts run,
     * or without them, it leads to `/cart?add=…`, which adds the plan; once hydrated a plain click opens the dialog.
     */
    planLink: useCallback(
      (kind: CartPlanKind, planId: string): PlanLinkProps => ({
        to: cartAddPath(planId),
        onClick: (event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          open({ kind, planId });
        },
      }),
      [open],
    ),
    addDomain: useCallback(
      (check: Pick<DomainCheck, 'name' | 'displayName'>) =>
        open({ kind: 'domain', name: check.name, displayName: check.displayName }),
      [open],
    ),
    close,
    dialog,
  };
}
