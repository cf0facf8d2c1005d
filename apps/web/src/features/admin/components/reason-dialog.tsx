import { zodResolver } from '@hookform/resolvers/zod';
import { reasonRequestSchema } from '@hostpilot/shared';
import { z } from '@hostpilot/shared/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { accountErrorKey } from '@/lib/account-errors';
import { FormDialog } from './form-dialog';
import { applyFieldErrors } from './user-dialogs';

export interface ReasonDialogProps {
  title: string;
  /** What the action does, above the field. */
  body?: string;
  label: string;
  hint?: string;
  submitLabel: string;
  /** Red for a change that takes something away (the default); primary for one that gives (approve, activate). */
  submitVariant?: 'danger' | 'primary';
  /** The reason may be left empty (decision 048): when typed, the same rule applies and the audit keeps it. */
  optional?: boolean;
  pending: boolean;
  /** Sends the reason (trimmed; empty when an optional one was left empty) to the API and answers the message to show once the server has made the change. */
  send: (reason: string) => Promise<string>;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * A change that needs a reason staff type (audited, and often told to the customer). A reason the rules refuse
 * is shown beside the field; a refusal of the server keeps what was typed and says why.
 */
/** An optional reason: empty, or one the usual rule accepts. */
const optionalReasonForm = z.object({ reason: z.literal('').or(reasonRequestSchema.shape.reason) });

export function ReasonDialog({
  send,
  onClose,
  onDone,
  submitVariant = 'danger',
  optional = false,
  ...texts
}: ReasonDialogProps) {
  const { t: tc } = useTranslation('common');
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ reason: string }>({
    resolver: zodResolver(optional ? optionalReasonForm : reasonRequestSchema),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(async ({ reason }) => {
    setFailure(undefined);
    try {
      onDone(await send(reason.trim()));
    } catch (error) {
      if (!applyFieldErrors(error, ['reason'], setError)) setFailure(tc(accountErrorKey(error)));
    }
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={texts.title}
      submitLabel={texts.submitLabel}
      submitVariant={submitVariant}
      pending={texts.pending}
      error={failure}
      onSubmit={() => void submit()}
    >
      {texts.body && <p className="text-sm text-slate-700">{texts.body}</p>}
      <Field
        label={texts.label}
        hint={texts.hint}
        error={errors.reason?.message ? tc(errors.reason.message) : undefined}
      >
        {(control) => <Textarea rows={3} {...control} {...register('reason')} />}
      </Field>
    </FormDialog>
  );
}
