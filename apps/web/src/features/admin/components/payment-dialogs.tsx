import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminRefundInput, adminRefundSchema } from '@hostpilot/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { QueryView } from '@/components/ui/query-view';
import { StatusBadge } from '@/components/ui/status-badge';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { accountErrorKey } from '@/lib/account-errors';
import { statusTone } from '@/lib/status';
import type { AdminTransaction } from '../api/types';
import { usePayment, usePaymentAction, useRefund } from '../api/use-admin-actions';
import { statusLabel } from '../lib/status-label';
import { useAdminFormat } from '../lib/use-admin-format';
import { FormDialog } from './form-dialog';
import { ReasonDialog } from './reason-dialog';
import { applyFieldErrors } from './user-dialogs';

/** View: the payment, its invoice and the ledger entries it made, as the server has them now. */
export function PaymentDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const format = useAdminFormat();
  const query = usePayment(id);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('billing.view.title')}
      closeLabel={tc('actions.close')}
      actions={<Button onClick={onClose}>{tc('actions.close')}</Button>}
    >
      <QueryView query={query} loadingLabel={t('billing.view.loading')}>
        {(payment) => (
          <div className="space-y-4 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-slate-500">{t('billing.columns.customer')}</dt>
              <dd className="break-words text-slate-900">
                {payment.owner.name} · {payment.owner.email}
              </dd>
              <dt className="text-slate-500">{t('billing.columns.amount')}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">{format.money(payment.amount)}</dd>
              <dt className="text-slate-500">{t('billing.view.method')}</dt>
              <dd>{t(`billing.methods.${payment.method}`, { defaultValue: payment.method })}</dd>
              <dt className="text-slate-500">{t('billing.columns.status')}</dt>
              <dd>
                <StatusBadge tone={statusTone(payment.status)} label={statusLabel(t, payment.status)} />
              </dd>
              {payment.declineReason && (
                <>
                  <dt className="text-slate-500">{t('billing.view.reason')}</dt>
                  <dd>{payment.declineReason}</dd>
                </>
              )}
              <dt className="text-slate-500">{t('list.date')}</dt>
              <dd>{format.dateTime(payment.createdAt)}</dd>
              <dt className="text-slate-500">{t('billing.view.invoice')}</dt>
              <dd>
                {payment.invoice
                  ? t('billing.view.invoiceLine', {
                      number: payment.invoice.number,
                      status: statusLabel(t, payment.invoice.status),
                      total: format.money(payment.invoice.total),
                    })
                  : t('billing.view.noInvoice')}
              </dd>
            </dl>
            <section>
              <h3 className="font-semibold text-slate-900">{t('billing.view.ledger')}</h3>
              {payment.ledger.length === 0 ? (
                <p className="mt-1 text-slate-600">{t('billing.view.noLedger')}</p>
              ) : (
                <ul className="mt-1 divide-y divide-slate-200">
                  {payment.ledger.map((entry) => (
                    <li key={entry.id} className="flex justify-between gap-4 py-2">
                      <span>
                        {t(`billing.entryTypes.${entry.type}`, { defaultValue: entry.type })} ·{' '}
                        {format.dateTime(entry.createdAt)}
                      </span>
                      <span className="font-medium tabular-nums">{format.money(entry.amount)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </QueryView>
    </Dialog>
  );
}

/**
 * Settle a pending bank transfer, once. Approve is confirmed first (it credits the balance and pays the invoice at
 * once), with an optional reason kept in the audit entry (docs/decisions/048-operator-journeys.md); decline needs
 * the reason the customer is told.
 */
export function SettleTransferDialog({
  kind,
  transaction,
  onClose,
  onDone,
}: {
  kind: 'approve' | 'decline';
  transaction: AdminTransaction;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const action = usePaymentAction();
  const texts = { amount: format.money(transaction.amount), name: transaction.userName };
  const approve = kind === 'approve';
  const dialog = approve ? 'billing.approveDialog' : 'billing.decline';
  return (
    <ReasonDialog
      optional={approve}
      submitVariant={approve ? 'primary' : undefined}
      title={t(`${dialog}.title`, texts)}
      body={approve ? t('billing.approveDialog.body', texts) : undefined}
      label={t(`${dialog}.reason`)}
      hint={t(`${dialog}.hint`)}
      submitLabel={t(`actions.${kind}`)}
      pending={action.isPending}
      send={async (reason) => {
        const id = transaction.id;
        await action.mutateAsync(
          approve ? { kind: 'approve', id, reason: reason || undefined } : { kind: 'decline', id, reason },
        );
        return t(`billing.done.${kind}`, texts);
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

/**
 * Refund a completed payment, in full or in part, to the one destination it allows
 * (docs/decisions/043-refunds-and-due-dates.md): an order's or renewal's payment to the customer's balance, a
 * top-up only back to its card or bank account, out of the balance. One idempotency key per dialog: a double click refunds once; the server
 * refuses more than is left, more of a top-up than is left on the balance, and a cancelled order's payment.
 */
export function RefundDialog({
  transaction,
  onClose,
  onDone,
}: {
  transaction: AdminTransaction;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const format = useAdminFormat();
  const action = useRefund();
  const [failure, setFailure] = useState<string>();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const left = transaction.amount.amountMinor - transaction.refunded.amountMinor;
  const destination = transaction.refundTo;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AdminRefundInput>({
    // raw: the API takes the amount as typed (major units) and converts it itself.
    resolver: zodResolver(adminRefundSchema, undefined, { raw: true }),
    defaultValues: { amount: (left / 100).toFixed(2), reason: '', destination },
  });
  const message = (error?: { message?: string }) => (error?.message ? tc(error.message) : undefined);
  const submit = handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      await action.mutateAsync({ id: transaction.id, body, idempotencyKey });
      const minor = adminRefundSchema.shape.amount.parse(body.amount);
      const amount = format.money({ amountMinor: minor, currency: transaction.amount.currency });
      onDone(t(`billing.done.refundTo.${destination}`, { amount, name: transaction.userName }));
    } catch (error) {
      if (!applyFieldErrors(error, ['amount', 'reason', 'destination'], setError)) {
        setFailure(tc(accountErrorKey(error)));
      }
    }
  });
  const destinationError = message(errors.destination);
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('billing.refund.title', { amount: format.money(transaction.amount), name: transaction.userName })}
      submitLabel={t('actions.refund')}
      pending={action.isPending}
      error={failure ?? destinationError}
      onSubmit={() => void submit()}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-500">{t('billing.refund.destination')}</dt>
        <dd className="font-medium text-slate-900">{t(`billing.refund.destinations.${destination}`)}</dd>
        <dt className="text-slate-500">{t('billing.refund.left')}</dt>
        <dd className="tabular-nums">{format.money({ ...transaction.amount, amountMinor: left })}</dd>
      </dl>
      <p>{t(`billing.refund.rules.${destination}`)}</p>
      <input type="hidden" {...register('destination')} />
      <TextField
        label={t('billing.refund.amount')}
        inputMode="decimal"
        autoComplete="off"
        hint={t('billing.refund.amountHint')}
        error={message(errors.amount)}
        {...register('amount')}
      />
      <Field label={t('billing.refund.reason')} error={message(errors.reason)}>
        {(control) => <Textarea rows={3} {...control} {...register('reason')} />}
      </Field>
    </FormDialog>
  );
}
