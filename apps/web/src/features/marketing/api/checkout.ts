import {
  billingRoutes,
  type CreateOrderRequest,
  IDEMPOTENCY_KEY_HEADER,
  type Money,
  orderingRoutes,
  type PayOrderRequest,
} from '@hostpilot/shared';
import { useEffect, useState } from 'react';
import { api } from '@/lib/session';

/**
 * Checkout's calls (docs/product/ordering.md): the balance offered as a way to pay, placing the cart's order and
 * paying it. Placing and paying carry an idempotency key, so a retried request places or pays once
 * (docs/decisions/022-money-transactions.md). Plain calls, no query cache: checkout is a public page, whose bundle
 * carries no TanStack Query (docs/decisions/056-module-shape.md).
 */
const withKey = (key: string) => ({ headers: { [IDEMPOTENCY_KEY_HEADER]: key } });

/**
 * The customer's balance, read when checkout opens; null until it is known, and when the read fails (the balance is
 * then not offered first).
 */
export function useCheckoutBalance(): Money | null {
  const [balance, setBalance] = useState<Money | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.call(billingRoutes.getFinanceBalance, { signal: controller.signal }).then(
      (answer) => setBalance(answer.balance),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return balance;
}

export function placeOrder(request: CreateOrderRequest, idempotencyKey: string) {
  return api.call(orderingRoutes.postOrders, { body: request, ...withKey(idempotencyKey) });
}

export function payOrder(orderId: string, payment: PayOrderRequest, idempotencyKey: string) {
  return api.call(orderingRoutes.postOrdersPay, {
    params: { id: orderId },
    body: payment,
    ...withKey(idempotencyKey),
  });
}
