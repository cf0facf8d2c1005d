import { type OrderPaymentMethod, type OrderSummary, type PayOrderResponse } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { CreditCard, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderPaymentFields, orderPaymentRequest } from '@/components/order-payment-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogFormActions } from '@/components/ui/dialog';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { createIdempotencyKeys } from '@/lib/idempotency-key';
import { useSubmitOnce } from '@/lib/use-submit-once';
import { useDemoMode } from '@/lib/use-demo-mode';
import { dashboardQueries } from '../../api/queries';
import { useCancelOrder, usePayOrder, useRefreshDashboard } from '../../api/use-money-actions';
import { useDashboardFormat } from '../../lib/use-dashboard-format';
import { PaymentDetails } from './payment-details';

/** Whether the customer may pay or cancel the order now: waiting for payment, with no bank transfer on its way. */
export const isPayable = (order: OrderSummary) => order.status === 'pending_payment' && !order.transferPending;

/**
 * Pay and Cancel for an order still waiting for payment (docs/decisions/052-money-journeys.md): on the orders list,
 * the order's page and its invoice's page. Paying pays the same order (never a second one); cancelling voids its
 * invoice.
 */
export function UnpaidOrderActions({ order, size }: { order: OrderSummary; size?: 'sm' }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const [open, setOpen] = useState<'pay' | 'cancel' | null>(null);
  const refresh = useRefreshDashboard();
  if (!isPayable(order)) return null;
  const close = () => {
    setOpen(null);
    void refresh();
  };
  return (
    <>
      <Button size={size} onClick={() => setOpen('pay')}>
        <CreditCard aria-hidden="true" className="size-4" />
        {t('orders.pay')} <span className="sr-only">{order.number}</span>
      </Button>
      <Button size={size} variant="secondary" onClick={() => setOpen('cancel')}>
        <X aria-hidden="true" className="size-4" />
        {t('orders.cancel')} <span className="sr-only">{order.number}</span>
      </Button>
      <Dialog
        open={open === 'pay'}
        onClose={close}
        title={t('orders.payTitle', { number: order.number })}
        closeLabel={tc('actions.close')}
      >
        {open === 'pay' && <PayOrderForm order={order} onClose={close} />}
      </Dialog>
      <Dialog
        open={open === 'cancel'}
        onClose={close}
        title={t('orders.cancelTitle', { number: order.number })}
        closeLabel={tc('actions.close')}
      >
        {open === 'cancel' && <CancelOrderForm order={order} onClose={close} />}
      </Dialog>
    </>
  );
}

function PayOrderForm({ order, onClose }: { order: OrderSummary; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const format = useDashboardFormat();
  const demo = useDemoMode();
  const formId = useId();
  const balance = useQuery(dashboardQueries.balance());
  const pay = usePayOrder();
  const keys = useMemo(() => createIdempotencyKeys(), []);
  const submitOnce = useSubmitOnce();
  const [chosen, setMethod] = useState<OrderPaymentMethod | null>(null);
  const [cardNumber, setCardNumber] = useState('');
  const [cardError, setCardError] = useState<string | undefined>();
  const [done, setDone] = useState<PayOrderResponse | null>(null);

  // The method offered first is one that can succeed (as at checkout): the balance only when it covers the total.
  const covered = (balance.data?.balance.amountMinor ?? -1) >= order.total.amountMinor;
  const method: OrderPaymentMethod = chosen ?? (covered ? 'balance' : demo ? 'test_card' : 'bank_transfer');

  if (done) {
    const transfer = done.order.bankTransfer;
    return (
      <>
        <Alert tone="success">
          {transfer
            ? t('orders.transferStarted', { number: order.number })
            : t('orders.paidNow', { number: order.number })}
        </Alert>
        {transfer && <PaymentDetails details={transfer} amount={order.total} className="mt-4" />}
        <DialogActions>
          <Button onClick={onClose}>{t('money.done')}</Button>
        </DialogActions>
      </>
    );
  }

  const submit = async () => {
    const chosen = orderPaymentRequest(method, cardNumber);
    if ('cardError' in chosen) {
      setCardError(tc(chosen.cardError));
      return;
    }
    const { request } = chosen;
    setCardError(undefined);
    try {
      const answer = await pay.mutateAsync({ id: order.id, request, key: keys.keyFor({ order: order.id, request }) });
      keys.reset();
      setDone(answer);
    } catch (error) {
      const card = fieldErrorsOf(error).cardNumber;
      if (card) setCardError(tc(card.code));
    }
  };

  const refusal = pay.isError && !fieldErrorsOf(pay.error).cardNumber ? pay.error : null;
  return (
    <>
      <p className="text-slate-700">
        {t('orders.payIntro', { number: order.number, amount: format.money(order.total) })}
      </p>
      {refusal !== null && (
        <Alert tone="error" title={t('orders.payFailed')} className="mt-4">
          <p>{tc(accountErrorKey(refusal))}</p>
          <p className="mt-1">{t('orders.payAnotherWay')}</p>
        </Alert>
      )}
      <form id={formId} noValidate className="mt-4 grid gap-4" onSubmit={submitOnce(submit)}>
        <OrderPaymentFields
          legend={t('orders.method')}
          bankTransferHint={t('orders.bankTransferHint')}
          method={method}
          onMethodChange={setMethod}
          balance={balance.data ? format.money(balance.data.balance) : undefined}
          demo={demo}
          cardNumber={cardNumber}
          onCardNumberChange={setCardNumber}
          cardError={cardError}
        />
      </form>
      <DialogFormActions
        form={formId}
        cancelLabel={t('orders.notNow')}
        onCancel={onClose}
        submitLabel={
          pay.isPending ? t('orders.paying') : t(`orders.submit.${method}`, { amount: format.money(order.total) })
        }
        pending={pay.isPending}
      />
    </>
  );
}

function CancelOrderForm({ order, onClose }: { order: OrderSummary; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const format = useDashboardFormat();
  const formId = useId();
  const cancel = useCancelOrder();
  const submitOnce = useSubmitOnce();
  if (cancel.isSuccess) {
    return (
      <>
        <Alert tone="success">{t('orders.cancelledNow', { number: order.number })}</Alert>
        <DialogActions>
          <Button onClick={onClose}>{t('money.done')}</Button>
        </DialogActions>
      </>
    );
  }
  return (
    <>
      {cancel.isError && (
        <Alert tone="error" title={t('orders.cancelFailed')} className="mb-4">
          {tc(accountErrorKey(cancel.error))}
        </Alert>
      )}
      <form
        id={formId}
        onSubmit={submitOnce(async () => {
          try {
            await cancel.mutateAsync(order.id);
          } catch {
            // Shown from the mutation's error.
          }
        })}
      >
        <p className="text-slate-700">
          {t('orders.cancelText', { number: order.number, amount: format.money(order.total) })}
        </p>
      </form>
      <DialogFormActions
        form={formId}
        cancelLabel={t('orders.keep')}
        onCancel={onClose}
        submitLabel={cancel.isPending ? t('orders.cancelling') : t('orders.confirmCancel')}
        pending={cancel.isPending}
        variant="danger"
      />
    </>
  );
}
