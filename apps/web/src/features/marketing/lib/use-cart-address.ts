import { useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type CartLine, cartStore, useCart } from '@/lib/cart-store';
import { CART_ADD_PARAM, CART_PERIOD_PARAM, lineFromAddress } from '../components/cart/cart-catalog';

/** The id of a line still only in the address; it is never stored. */
export const ADDRESS_LINE_ID = 'address';

/**
 * The cart's lines on /cart and /checkout, with the plan the address asks to add (`?add=<plan>&period=<months>`,
 * what every plan button links to, docs/decisions/047-interactive-from-first-paint.md).
 *
 * The prerendered page of such an address (and a browser without scripts) shows that one line: the stored cart is
 * unknown there. Once the scripts run the line goes into the stored cart, once, and the address loses the two
 * parameters (replaced, so Back and a reload add nothing again); from then on the stored cart shows.
 */
export function useCartFromAddress(): { lines: readonly CartLine[]; fromAddress: CartLine | null } {
  const { lines } = useCart();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const line = useMemo(() => lineFromAddress(params), [params]);
  const added = useRef<string | null>(null);

  // Before the browser paints, so that a client-rendered page never shows the cart without the line.
  useLayoutEffect(() => {
    if (!params.has(CART_ADD_PARAM) || added.current === location.key) return;
    added.current = location.key;
    if (line) cartStore.add(line);
    const rest = new URLSearchParams(params);
    rest.delete(CART_ADD_PARAM);
    rest.delete(CART_PERIOD_PARAM);
    const search = rest.size > 0 ? `?${rest}` : '';
    void navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [line, params, location, navigate]);

  if (!line) return { lines, fromAddress: null };
  const fromAddress = { ...line, id: ADDRESS_LINE_ID } as CartLine;
  return { lines: [fromAddress], fromAddress };
}
