import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderRequest } from '../components/order-dialog';
import { usePlanFormat } from './use-plan-format';

/** The state behind an OrderDialog: which plan or domain the visitor asked for, if any. */
export function useOrderRequest() {
  const { t } = useTranslation('marketing');
  const { money } = usePlanFormat();
  const [request, setRequest] = useState<OrderRequest | null>(null);
  const orderPlan = useCallback(
    (plan: { name: string; price: number }) =>
      setRequest({ kind: 'plan', name: plan.name, price: t('price.perMonthInline', { price: money(plan.price) }) }),
    [t, money],
  );
  const registerDomain = useCallback((name: string) => setRequest({ kind: 'domain', name }), []);
  const close = useCallback(() => setRequest(null), []);
  return { request, orderPlan, registerDomain, close };
}
