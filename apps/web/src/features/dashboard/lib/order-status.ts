import type { OrderStatus } from '@hostpilot/shared';
import type { StatusTone } from '@/lib/status';

/**
 * An order's state as a colour (docs/product/ordering.md): active green; waiting for payment or for review yellow;
 * paid (on its way) blue; cancelled and fraud red. The words are `orders.status.*`.
 */
export function orderStatusTone(status: OrderStatus): StatusTone {
  if (status === 'active') return 'success';
  if (status === 'pending_payment' || status === 'awaiting_review') return 'warning';
  if (status === 'paid') return 'info';
  return 'danger';
}
