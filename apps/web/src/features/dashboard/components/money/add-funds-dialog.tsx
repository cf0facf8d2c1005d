import {
  CURRENCY,
  TOP_UP_MAX_MINOR,
  TOP_UP_MIN_MINOR,
  type TopUpMethod,
  type TopUpRequest,
  type TopUpResponse,
  topUpRequestSchema,
} from '@hostpilot/shared';
import { useId, useMemo, useState } from 'react';
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { RadioGroup } from '@/components/ui/radio-group';
import { TextField } from '@/components/ui/text-field';
import { useDemoMode } from '@/lib/use-demo-mode';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { useTopUp } from '../../api/use-money-actions';
import { createIdempotencyKeys } from '@/lib/idempotency-key';
import { useSubmitOnce } from '@/lib/use-submit-once';
import { useDashboardFormat } from '../../lib/use-dashboard-format';
import { PaymentDetails } from './payment-details';

interface AddFundsValues {
  amount: string;
  method: TopUpMethod;
  cardNumber: string;
}

const FIELDS = ['amount', 'method', 'cardNumber'] as const;

function toRequest(values: AddFundsValues): TopUpRequest {
  return values.method === 'test_card'
    ? { method: 'test_card', amount: values.amount.trim(), cardNumber: values.cardNumber }
    : { method: 'bank_transfer', amount: values.amount.trim() };
}

/** The form checks what the API checks, with the shared schema; messages are keys of the common texts. */
const resolver: Resolver<AddFundsValues> = async (values) => {
  const parsed = topUpRequestSchema.safeParse(toRequest(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<AddFundsValues> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]) ?? 'method';
    errors[field] ??= { type: 'validation', message: issue.message };
  }
  return { values: {}, errors };
};

/**
 * Add funds (docs/decisions/022-money-transactions.md): an amount and a payment method. A bank transfer answers
 * a pending payment and its pro-forma invoice with where to send the money; the test card, offered only while
 * the server runs in demo mode, credits the balance at once, or is declined for 4000 0000 0000 0002.
 */
export function AddFundsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('money.addFunds.title')} closeLabel={tc('actions.close')}>
      {open && <AddFundsContent onClose={onClose} />}
    </Dialog>
  );
}

function AddFundsContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const format = useDashboardFormat();
  const demo = useDemoMode();
  const formId = useId();
  const topUp = useTopUp();
  const keys = useMemo(() => createIdempotencyKeys(), []);
  const submitOnce = useSubmitOnce();
  const [result, setResult] = useState<TopUpResponse | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    setValue,
    formState: { errors },
  } = useForm<AddFundsValues>({ resolver, defaultValues: { amount: '', method: 'bank_transfer', cardNumber: '' } });
  const method = useWatch({ control, name: 'method' });

  if (result) return <TopUpResult result={result} onClose={onClose} />;

  const limits = {
    min: format.money({ amountMinor: TOP_UP_MIN_MINOR, currency: CURRENCY }),
    max: format.money({ amountMinor: TOP_UP_MAX_MINOR, currency: CURRENCY }),
  };
  const fieldErrors = fieldErrorsOf(topUp.error);
  const serverFieldError = Object.keys(fieldErrors).length > 0;

  return (
    <>
      <p>{t('money.addFunds.intro')}</p>
      {topUp.isError && !serverFieldError && (
        <Alert tone="error" title={t('money.addFunds.failed')} className="mt-4">
          {tc(accountErrorKey(topUp.error))}
        </Alert>
      )}
      <form
        id={formId}
        noValidate
        className="mt-4 grid gap-4"
        onSubmit={submitOnce(
          handleSubmit(async (values) => {
            const request = toRequest(values);
            try {
              const answer = await topUp.mutateAsync({ request, key: keys.keyFor(request) });
              keys.reset();
              setResult(answer);
            } catch (error) {
              for (const [field, detail] of Object.entries(fieldErrorsOf(error))) {
                const name = FIELDS.find((known) => known === field);
                if (name) setError(name, { message: detail.code });
              }
            }
          }),
        )}
      >
        <TextField
          label={t('money.addFunds.amount', { currency: CURRENCY })}
          inputMode="decimal"
          autoComplete="off"
          hint={t('money.addFunds.amountHint', limits)}
          error={errors.amount?.message ? tc(errors.amount.message, limits) : undefined}
          {...register('amount')}
        />
        <RadioGroup<TopUpMethod>
          legend={t('money.addFunds.method')}
          name="method"
          value={method}
          onChange={(value) => setValue('method', value, { shouldValidate: false })}
          error={errors.method?.message ? tc(errors.method.message) : undefined}
          options={[
            {
              value: 'bank_transfer',
              label: t('money.methods.bank_transfer'),
              description: t('money.addFunds.bankTransferHint'),
            },
            ...(demo
              ? [
                  {
                    value: 'test_card' as const,
                    label: t('money.methods.test_card'),
                    description: t('money.addFunds.testCardHint'),
                  },
                ]
              : []),
          ]}
        />
        {method === 'test_card' && (
          <TextField
            label={t('money.addFunds.cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            hint={t('money.addFunds.cardNumberHint')}
            error={errors.cardNumber?.message ? tc(errors.cardNumber.message) : undefined}
            {...register('cardNumber')}
          />
        )}
      </form>
      <DialogFormActions
        form={formId}
        cancelLabel={tc('actions.cancel')}
        onCancel={onClose}
        submitLabel={topUp.isPending ? t('money.addFunds.paying') : t('money.addFunds.submit')}
        pending={topUp.isPending}
      />
    </>
  );
}

function TopUpResult({ result, onClose }: { result: TopUpResponse; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const amount = format.money(result.payment.amount);
  const balance = format.money(result.balance);
  return (
    <>
      {result.payment.status === 'completed' ? (
        <Alert tone="success" title={t('money.addFunds.completedTitle')}>
          {t('money.addFunds.completed', { amount, balance })}
        </Alert>
      ) : (
        <>
          <Alert tone="info" title={t('money.addFunds.pendingTitle')}>
            {t('money.addFunds.pending', { amount })}
          </Alert>
          {result.bankTransfer && (
            <PaymentDetails details={result.bankTransfer} amount={result.payment.amount} className="mt-4" />
          )}
          {result.invoice && (
            <p className="mt-4 text-sm">
              <Link
                to={`/dashboard/finance/invoices/${encodeURIComponent(result.invoice.id)}`}
                className="font-semibold text-brand-700 underline hover:text-brand-800"
                onClick={onClose}
              >
                {t('money.addFunds.viewProForma', { number: result.invoice.number })}
              </Link>
            </p>
          )}
        </>
      )}
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>{t('money.done')}</Button>
      </div>
    </>
  );
}
