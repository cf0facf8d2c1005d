import type { ValidationMessageKey } from '@hostpilot/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { FormDialog } from './form-dialog';

export interface TypeToConfirmDialogProps {
  title: string;
  body: string;
  /** The field's label, which names what to type. */
  label: string;
  submitLabel: string;
  /** What must be typed again (compared ignoring case; the server checks it too). */
  expected: string;
  /** The validation key shown when the typed text differs, and the server's field name for it. */
  mismatch: ValidationMessageKey;
  field: string;
  type?: 'text' | 'email';
  pending: boolean;
  /** Sends the typed text; resolves with the translated success message, or throws the server's refusal. */
  send: (typed: string) => Promise<string>;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * A destructive action confirmed by typing a name again (an account's e-mail, a domain): the typed text must match
 * before it is sent, and the server's own refusal of it shows on the field. One dialog for every such action of the
 * back office.
 */
export function TypeToConfirmDialog({
  title,
  body,
  label,
  submitLabel,
  expected,
  mismatch,
  field,
  type = 'text',
  pending,
  send,
  onClose,
  onDone,
}: TypeToConfirmDialogProps) {
  const { t: tc } = useTranslation('common');
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ confirm: string }>({ defaultValues: { confirm: '' } });
  const submit = handleSubmit(async ({ confirm }) => {
    setFailure(undefined);
    const typed = confirm.trim();
    if (typed.toLowerCase() !== expected.toLowerCase()) {
      setError('confirm', { message: mismatch });
      return;
    }
    try {
      onDone(await send(typed));
    } catch (error) {
      const refused = fieldErrorsOf(error)[field];
      if (refused) setError('confirm', { message: refused.code });
      else setFailure(tc(accountErrorKey(error)));
    }
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={title}
      submitLabel={submitLabel}
      submitVariant="danger"
      pending={pending}
      error={failure}
      onSubmit={() => void submit()}
    >
      <p>{body}</p>
      <TextField
        type={type}
        label={label}
        autoComplete="off"
        spellCheck={false}
        error={errors.confirm?.message ? tc(errors.confirm.message) : undefined}
        {...register('confirm')}
      />
    </FormDialog>
  );
}
