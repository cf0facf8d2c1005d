import { billingRoutes, type PaymentMethodResponse, type SavePaymentMethodRequest } from '@hostpilot/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import { dashboardKeys } from './keys';

/** The customer's saved card for renewals (docs/decisions/038-saved-card-for-renewals.md). */
const paymentMethodKey = () => [...dashboardKeys.finance(), 'paymentMethod'] as const;

export function usePaymentMethod() {
  return useQuery({
    queryKey: paymentMethodKey(),
    queryFn: ({ signal }) => api.call(billingRoutes.getBillingPaymentMethod, { signal }),
    select: (data) => data.card,
  });
}

/** After a change the answer is the saved card as it now is; every dashboard figure is read again. */
function useCardMutation<T>(call: (input: T) => Promise<PaymentMethodResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => client.setQueryData(paymentMethodKey(), data),
    onSettled: () => client.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
}

export function useSavePaymentMethod() {
  return useCardMutation((request: SavePaymentMethodRequest) =>
    api.call(billingRoutes.postBillingPaymentMethod, { body: request }),
  );
}

export function useRemovePaymentMethod() {
  return useCardMutation(() => api.call(billingRoutes.deleteBillingPaymentMethod));
}
