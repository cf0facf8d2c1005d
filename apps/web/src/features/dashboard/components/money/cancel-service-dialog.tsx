import {
  CANCEL_REASON_MAX,
  type CancelServiceRequest,
  cancelServiceRequestSchema,
  type CancelWhen,
} from '@hostpilot/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { RadioGroup } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { useSubmitOnce } from '@/lib/use-submit-once';
import { useCancelService } from '../../api/use-money-actions';
import type { Moment } from '../../api/types';
import { useDashboardFormat } from '../../lib/use-dashboard-format';

/** The service to cancel, as its card shows it. */
export interface CancelSubject {
  id: string;
  name: string;
  expiresAt: Moment;
}

/**
 * Cancel a service at the end of its paid period or at once, with a reason (docs/product/states.md). The dialog
 * is the confirmation: it says what happens, and nothing changes until the customer presses the danger button.
 */
export function CancelServiceDialog({ subject, onClose }: { subject: CancelSubject | null; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  return (
    <Dialog
      open={subject !== null}
      onClose={onClose}
      title={t('money.cancel.title', { name: subject?.name ?? '' })}
      closeLabel={tc('actions.close')}
    >
      {subject && <CancelForm key={subject.id} subject={subject} onClose={onClose} />}
    </Dialog>
  );
}

function CancelForm({ subject, onClose }: { subject: CancelSubject; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const format = useDashboardFormat();
  const formId = useId();
  const cancel = useCancelService();
  const submitOnce = useSubmitOnce();
  const {
    register,
    handleSubmit,
    setError,
    control,
    setValue,
    formState: { errors },
  } = useForm<CancelServiceRequest>({
    resolver: zodResolver(cancelServiceRequestSchema),
    defaultValues: { when: 'end_of_period', reason: '' },
  });
  const when = useWatch({ control, name: 'when' });
  const reason = useWatch({ control, name: 'reason' }) ?? '';

  if (cancel.isSuccess) {
    const state = cancel.data;
    return (
      <>
        <Alert tone="success">
          {state.status === 'cancelled'
            ? t('money.cancel.doneNow', { name: subject.name })
            : t('money.cancel.doneLater', { name: subject.name, date: format.date(state.expiresAt) })}
        </Alert>
        <div className="mt-6 flex justify-end">
          <Button onClick={onClose}>{t('money.done')}</Button>
        </div>
      </>
    );
  }

  const serverFieldError = Object.keys(fieldErrorsOf(cancel.error)).length > 0;
  return (
    <>
      {cancel.isError && !serverFieldError && (
        <Alert tone="error" title={t('money.cancel.failed')} className="mb-4">
          {tc(accountErrorKey(cancel.error))}
        </Alert>
      )}
      <form
        id={formId}
        noValidate
        className="grid gap-4"
        onSubmit={submitOnce(
          handleSubmit(async (request) => {
            try {
              await cancel.mutateAsync({ id: subject.id, request });
            } catch (error) {
              for (const [field, detail] of Object.entries(fieldErrorsOf(error))) {
                if (field === 'when' || field === 'reason') setError(field, { message: detail.code });
              }
            }
          }),
        )}
      >
        <RadioGroup<CancelWhen>
          legend={t('money.cancel.when')}
          name="when"
          value={when}
          onChange={(value) => setValue('when', value)}
          error={errors.when?.message ? tc(errors.when.message) : undefined}
          options={[
            {
              value: 'end_of_period',
              label: t('money.cancel.endOfPeriod'),
              description: t('money.cancel.endOfPeriodHint', { date: format.date(subject.expiresAt) }),
            },
            { value: 'now', label: t('money.cancel.now'), description: t('money.cancel.nowHint') },
          ]}
        />
        <Field
          label={t('money.cancel.reason')}
          hint={t('money.cancel.reasonHint', { count: CANCEL_REASON_MAX - reason.length })}
          error={errors.reason?.message ? tc(errors.reason.message, { max: CANCEL_REASON_MAX }) : undefined}
        >
          {(control) => <Textarea rows={3} maxLength={CANCEL_REASON_MAX} {...control} {...register('reason')} />}
        </Field>
      </form>
      <DialogFormActions
        form={formId}
        cancelLabel={t('money.cancel.keep')}
        onCancel={onClose}
        submitLabel={
          cancel.isPending
            ? t('money.cancel.cancelling')
            : t(when === 'now' ? 'money.cancel.submitNow' : 'money.cancel.submitLater')
        }
        pending={cancel.isPending}
        variant="danger"
      />
    </>
  );
}
