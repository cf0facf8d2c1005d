import { type AdminOrderDetail, type AdminOrdersPage, ORDER_STATUSES } from '@hostpilot/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import type { ListParams, ListSpec } from '../lib/use-table-controls';
import { adminKeys } from './keys';
import { listQuery } from './queries';

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
    queryFn: ({ signal }) => api.get<AdminOrdersPage>(listQuery('/admin/orders', params), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One order with its lines, invoice, payments and decision. */
export function useAdminOrder(id: string) {
  return useQuery({
    queryKey: adminKeys.order(id),
    queryFn: ({ signal }) => api.get<AdminOrderDetail>(`/admin/orders/${encodeURIComponent(id)}`, { signal }),
  });
}

export type OrderDecision = { kind: 'accept'; id: string } | { kind: 'cancel' | 'fraud'; id: string; reason: string };

/** Accept, Cancel (refund) or Fraud; then the list, the order, the audit log and the overview are stale. */
export function useOrderDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: OrderDecision) =>
      api.post<AdminOrderDetail>(
        `/admin/orders/${encodeURIComponent(decision.id)}/${decision.kind}`,
        decision.kind === 'accept' ? undefined : { reason: decision.reason },
      ),
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
