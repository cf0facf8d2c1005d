import { type CartLineInput, type PricedCart, priceCart } from './cart-pricing';
import type { OrderDeps } from './order-deps';

/** Prices a cart for anyone (the public quote): attached domains are not checked without a customer. */
export async function quoteCart(
  { db, registrar }: Pick<OrderDeps, 'db' | 'registrar'>,
  lines: readonly CartLineInput[],
): Promise<PricedCart> {
  return priceCart(db, registrar, lines, null);
}
