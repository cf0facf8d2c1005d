import { type SavedCard, type SavePaymentMethodRequest, savePaymentMethodRequestSchema } from '@hostpilot/shared';
import { useId, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { accountErrorKey, applyFieldErrors } from '@/lib/account-errors';
import { useDemoModeAnswer } from '@/lib/use-demo-mode';
import { useSubmitOnce } from '@/lib/use-submit-once';
import { usePaymentMethod, useRemovePaymentMethod, useSavePaymentMethod } from '../../api/use-payment-method';

/**
 * The customer's saved card for renewals (docs/decisions/038-saved-card-for-renewals.md): the Billing page's
 * "Update payment method" opens this dialog, which shows the saved card (brand, last four digits, expiry) with
 * Replace and Remove, or the card form. Only the test card provider exists, so a card can be saved only while the
 * server runs in demo mode; the dialog says so otherwise.
 */

/** "Visa •••• 4242, expires 12/28". */
export function useCardLabel() {
  const { t } = useTranslation('dashboard');
  return (card: SavedCard) =>
    t('money.paymentMethod.cardLabel', {
      brand: t(`money.paymentMethod.brands.${card.brand}`),
      last4: card.last4,
      expires: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`,
    });
}

interface CardValues {
  cardNumber: string;
  expMonth: string;
  expYear: string;
  holder: string;
}

const FIELDS = ['cardNumber', 'expMonth', 'expYear', 'holder'] as const;

/** A two-digit year is read as 20YY, as cards print it. */
function toRequest(values: CardValues): SavePaymentMethodRequest {
  const year = values.expYear.trim();
  return {
    cardNumber: values.cardNumber,
    expMonth: values.expMonth.trim(),
    expYear: /^\d{2}$/.test(year) ? `20${year}` : year,
    holder: values.holder,
  };
}

/** The form checks what the API checks, with the shared schema; messages are keys of the common texts. */
const resolver: Resolver<CardValues> = async (values) => {
  const parsed = savePaymentMethodRequestSchema.safeParse(toRequest(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<CardValues> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]) ?? 'cardNumber';
    errors[field] ??= { type: 'validation', message: issue.message };
  }
  return { values: {}, errors };
};

export function PaymentMethodDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('money.paymentMethod.title')} closeLabel={tc('actions.close')}>
      {open && <PaymentMethodContent onClose={onClose} />}
    </Dialog>
  );
}

function PaymentMethodContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const card = usePaymentMethod();
  const demo = useDemoModeAnswer();
  const cardLabel = useCardLabel();
  const [replacing, setReplacing] = useState(false);
  const [saved, setSaved] = useState(false);
  const remove = useRemovePaymentMethod();

  if (card.isPending || demo === undefined) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t('money.paymentMethod.loading')}
      </p>
    );
  }
  if (card.isError) {
    return (
      <Alert tone="error" title={t('money.paymentMethod.loadError')}>
        {tc(accountErrorKey(card.error))}
      </Alert>
    );
  }

  const current = card.data;
  const showForm = demo && (!current || replacing);

  return (
    <>
      <p>{t('money.paymentMethod.intro')}</p>
      {saved && current && !replacing && (
        <Alert tone="success" title={t('money.paymentMethod.savedTitle')} className="mt-4">
          {t('money.paymentMethod.saved', { card: cardLabel(current) })}
        </Alert>
      )}
      {remove.isError && (
        <Alert tone="error" title={t('money.paymentMethod.removeFailed')} className="mt-4">
          {tc(accountErrorKey(remove.error))}
        </Alert>
      )}
      {current && !replacing && (
        <div className="mt-4 rounded-lg border border-slate-200 p-4">
          <p className="font-semibold text-slate-900">{cardLabel(current)}</p>
          <p className="text-sm text-slate-600">{t('money.paymentMethod.holder', { holder: current.holder })}</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            {demo && (
              <Button
                variant="secondary"
                onClick={() => {
                  setSaved(false);
                  setReplacing(true);
                }}
              >
                {t('money.paymentMethod.replace')}
              </Button>
            )}
            <Button
              variant="danger"
              disabled={remove.isPending}
              aria-busy={remove.isPending}
              onClick={() => {
                setSaved(false);
                remove.mutate(undefined);
              }}
            >
              {remove.isPending ? t('money.paymentMethod.removing') : t('money.paymentMethod.remove')}
            </Button>
          </div>
        </div>
      )}
      {!current && !demo && (
        <Alert tone="info" title={t('money.paymentMethod.unavailableTitle')} className="mt-4">
          {tc('validation.cardPaymentsUnavailable')}
        </Alert>
      )}
      {!current && remove.isSuccess && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          {t('money.paymentMethod.removed')}
        </p>
      )}
      {showForm ? (
        <CardForm
          onSaved={() => {
            setReplacing(false);
            setSaved(true);
          }}
          onCancel={current ? () => setReplacing(false) : onClose}
        />
      ) : (
        <div className="mt-6 flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            {tc('actions.close')}
          </Button>
        </div>
      )}
    </>
  );
}

function CardForm({ onSaved, onCancel }: { onSaved: () => void; onCancel: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const formId = useId();
  const save = useSavePaymentMethod();
  const submitOnce = useSubmitOnce();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CardValues>({
    resolver,
    defaultValues: { cardNumber: '', expMonth: '', expYear: '', holder: '' },
  });
  const message = (key: string | undefined) => (key ? tc(key) : undefined);

  return (
    <>
      {formError && (
        <Alert tone="error" title={t('money.paymentMethod.saveFailed')} className="mt-4">
          {tc(formError)}
        </Alert>
      )}
      <form
        id={formId}
        noValidate
        className="mt-4 grid gap-4"
        aria-label={t('money.paymentMethod.formLabel')}
        onSubmit={submitOnce(
          handleSubmit(async (values) => {
            setFormError(null);
            try {
              await save.mutateAsync(toRequest(values));
              onSaved();
            } catch (error) {
              setFormError(applyFieldErrors(error, FIELDS, setError));
            }
          }),
        )}
      >
        <TextField
          label={t('money.paymentMethod.cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          hint={t('money.paymentMethod.cardNumberHint')}
          error={message(errors.cardNumber?.message)}
          {...register('cardNumber')}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={t('money.paymentMethod.expMonth')}
            inputMode="numeric"
            autoComplete="cc-exp-month"
            placeholder="MM"
            maxLength={2}
            error={message(errors.expMonth?.message)}
            {...register('expMonth')}
          />
          <TextField
            label={t('money.paymentMethod.expYear')}
            inputMode="numeric"
            autoComplete="cc-exp-year"
            placeholder={t('money.paymentMethod.expYearPlaceholder')}
            maxLength={4}
            error={message(errors.expYear?.message)}
            {...register('expYear')}
          />
        </div>
        <TextField
          label={t('money.paymentMethod.holderLabel')}
          autoComplete="cc-name"
          error={message(errors.holder?.message)}
          {...register('holder')}
        />
        <p className="text-sm text-slate-600">{t('money.paymentMethod.storageNote')}</p>
      </form>
      <DialogFormActions
        form={formId}
        cancelLabel={tc('actions.cancel')}
        onCancel={onCancel}
        submitLabel={save.isPending ? t('money.paymentMethod.saving') : t('money.paymentMethod.save')}
        pending={save.isPending}
      />
    </>
  );
}
