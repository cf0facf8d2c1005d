import {
  billingRoutes,
  type CancelServiceRequest,
  domainsRoutes,
  IDEMPOTENCY_KEY_HEADER,
  orderingRoutes,
  type PayOrderRequest,
  servicesRoutes,
  type TopUpRequest,
} from '@hostpilot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import { dashboardKeys } from './keys';

/**
 * The dashboard's actions on money and on services (docs/decisions/022-money-transactions.md): add funds, renew,
 * auto-renew, cancel and withdraw a cancellation. Each refreshes the whole dashboard cache when it settles: a
 * payment or a renewal changes the balance, the transactions, the invoices, the expiry, the home page's panels
 * and the notifications at once. Money-moving calls carry the `Idempotency-Key` their dialog chose.
 */

const withKey = (key: string) => ({ headers: { [IDEMPOTENCY_KEY_HEADER]: key } });

export function useRefreshDashboard() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: dashboardKeys.all });
}

export function useTopUp() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: ({ request, key }: { request: TopUpRequest; key: string }) =>
      api.call(billingRoutes.postFinanceTopUps, { body: request, ...withKey(key) }),
    // A declined card is kept as a failed payment, so the history changes either way.
    onSettled: refresh,
  });
}

/** What a renewal renews: a service (hosting or another kind) or a domain. */
export type RenewSubject = { type: 'service' | 'domain'; id: string };

export function useRenew() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: ({ subject, period, key }: { subject: RenewSubject; period: number; key: string }) =>
      subject.type === 'service'
        ? api.call(billingRoutes.postServicesRenew, {
            params: { id: subject.id },
            body: { months: period },
            ...withKey(key),
          })
        : api.call(billingRoutes.postDomainsRenew, {
            params: { id: subject.id },
            body: { years: period },
            ...withKey(key),
          }),
    onSuccess: refresh,
  });
}

export function useAutoRenew(subject: RenewSubject) {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api.call(subject.type === 'service' ? servicesRoutes.putServicesAutoRenew : domainsRoutes.putDomainsAutoRenew, {
        params: { id: subject.id },
        body: { enabled },
      }),
    onSuccess: refresh,
  });
}

export function useCancelService() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: CancelServiceRequest }) =>
      api.call(servicesRoutes.postServicesCancellation, { params: { id }, body: request }),
    onSuccess: refresh,
  });
}

export function useWithdrawCancellation() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: (id: string) => api.call(servicesRoutes.deleteServicesCancellation, { params: { id } }),
    onSuccess: refresh,
  });
}

/** Change a service's plan: an upgrade paid now from the balance, a downgrade at the renewal. */
export function useChangePlan() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: ({ id, planId, key }: { id: string; planId: string; key: string }) =>
      api.call(servicesRoutes.postServicesPlan, { params: { id }, body: { planId }, ...withKey(key) }),
    onSuccess: refresh,
  });
}

/** Keep the current plan: cancel a downgrade waiting for the renewal. */
export function useCancelPendingPlan() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: (id: string) => api.call(servicesRoutes.deleteServicesPendingPlan, { params: { id } }),
    onSuccess: refresh,
  });
}

/**
 * Pay an order still waiting for payment another way, or cancel it (docs/decisions/052-money-journeys.md). The
 * dialog refreshes the dashboard when it closes (a declined card is kept as a failed payment, so the history
 * changes either way): refreshed at once, the order would no longer be payable and its dialog would vanish with
 * the answer unread.
 */
export function usePayOrder() {
  return useMutation({
    mutationFn: ({ id, request, key }: { id: string; request: PayOrderRequest; key: string }) =>
      api.call(orderingRoutes.postOrdersPay, { params: { id }, body: request, ...withKey(key) }),
  });
}

export function useCancelOrder() {
  return useMutation({
    mutationFn: (id: string) => api.call(orderingRoutes.postOrdersCancel, { params: { id } }),
  });
}
