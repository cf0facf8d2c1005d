import { ORDER_STATUSES, orderingAdminRoutes, orderingRoutes } from '@hostpilot/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import type { ListParams, ListSpec } from '../lib/use-table-controls';
import { adminKeys } from './keys';
import { listSearch } from './queries';

/** What the orders list sorts and filters by: the same fields and values GET /api/admin/orders accepts. */
export const ORDER_LIST = {
  sorts: ['createdAt', 'number', 'total', 'status'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: { status: ORDER_STATUSES },
} as const satisfies ListSpec;

/** A page of orders for the list state in the URL. */
export function useAdminOrders(params: ListParams) {
  return useQuery({
    queryKey: adminKeys.page('orders', params),
    queryFn: ({ signal }) => api.call(orderingRoutes.getAdminOrders, { query: listSearch(params), signal }),
    placeholderData: keepPreviousData,
  });
}

/** One order with its lines, invoice, payments and decision. */
export function useAdminOrder(id: string) {
  return useQuery({
    queryKey: adminKeys.order(id),
    queryFn: ({ signal }) => api.call(orderingRoutes.getAdminOrdersItem, { params: { id }, signal }),
  });
}

export type OrderDecision = { kind: 'accept'; id: string } | { kind: 'cancel' | 'fraud'; id: string; reason: string };

/** Accept, Cancel (refund) or Fraud; then the list, the order, the audit log and the overview are stale. */
export function useOrderDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: OrderDecision) => {
      const params = { id: decision.id };
      switch (decision.kind) {
        case 'accept':
          return api.call(orderingRoutes.postAdminOrdersAccept, { params });
        case 'cancel':
          return api.call(orderingAdminRoutes.postAdminOrdersCancel, { params, body: { reason: decision.reason } });
        case 'fraud':
          return api.call(orderingAdminRoutes.postAdminOrdersFraud, { params, body: { reason: decision.reason } });
      }
    },
    onSettled: (_data, _error, decision) =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.list('orders') }),
        client.invalidateQueries({ queryKey: adminKeys.order(decision.id) }),
        client.invalidateQueries({ queryKey: adminKeys.list('audit') }),
        client.invalidateQueries({ queryKey: adminKeys.list('transactions') }),
        client.invalidateQueries({ queryKey: adminKeys.overview() }),
      ]),
  });
}
