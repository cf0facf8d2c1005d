import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminCreditSchema,
  type AdminCreditInput,
  type AdminUserEdit,
  adminUserEditSchema,
  CREDIT_DIRECTIONS,
  ROLES,
  USER_STATUSES,
} from '@hostpilot/shared';
import { useState } from 'react';
import { type FieldValues, type Path, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/field-styles';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import type { AdminUser } from '../api/types';
import { useUserAction } from '../api/use-admin-actions';
import { FormDialog } from './form-dialog';
import { TypeToConfirmDialog } from './type-to-confirm-dialog';

/** Puts the server's field errors on the form's fields; answers whether there were any. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
) {
  const found = Object.entries(fieldErrorsOf(error)).filter(([field]) => fields.includes(field));
  for (const [field, detail] of found) setError(field as Path<T>, { message: detail.code });
  return found.length > 0;
}

interface UserDialogProps {
  user: AdminUser;
  onClose: () => void;
  /** Called with the translated success message once the server has made the change. */
  onDone: (message: string) => void;
}

/** Edit: name, e-mail, role and status, checked with the API's own schema before it is sent. */
export function UserEditDialog({ user, onClose, onDone }: UserDialogProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const action = useUserAction();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AdminUserEdit>({
    resolver: zodResolver(adminUserEditSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      status: user.status === 'suspended' ? 'suspended' : 'active',
    },
  });
  const message = (error?: { message?: string }) => (error?.message ? tc(error.message) : undefined);
  const submit = handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      await action.mutateAsync({ kind: 'edit', id: user.id, body });
      onDone(t('users.done.edit', { name: `${body.firstName} ${body.lastName}` }));
    } catch (error) {
      const fields = ['firstName', 'lastName', 'email', 'role', 'status'] as const;
      if (!applyFieldErrors(error, fields, setError)) setFailure(tc(accountErrorKey(error)));
    }
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('users.edit.title', { name: user.name })}
      submitLabel={t('users.edit.submit')}
      pending={action.isPending}
      error={failure}
      onSubmit={() => void submit()}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('users.edit.firstName')}
          autoComplete="off"
          error={message(errors.firstName)}
          {...register('firstName')}
        />
        <TextField
          label={t('users.edit.lastName')}
          autoComplete="off"
          error={message(errors.lastName)}
          {...register('lastName')}
        />
      </div>
      <TextField
        type="email"
        label={t('users.edit.email')}
        autoComplete="off"
        error={message(errors.email)}
        {...register('email')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('users.columns.role')} error={message(errors.role)}>
          {(control) => (
            <select {...control} className={inputClasses()} {...register('role', { valueAsNumber: true })}>
              {Object.entries(ROLES).map(([name, role]) => (
                <option key={name} value={role}>
                  {t(`users.roles.${name}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('users.columns.status')} error={message(errors.status)}>
          {(control) => (
            <select {...control} className={inputClasses()} {...register('status')}>
              {USER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </FormDialog>
  );
}

/** Delete: the account's e-mail typed again confirms it; the server checks it too. */
export function DeleteUserDialog({ user, onClose, onDone }: UserDialogProps) {
  const { t } = useTranslation('admin');
  const action = useUserAction();
  return (
    <TypeToConfirmDialog
      title={t('users.delete.title', { name: user.name })}
      body={t('users.delete.body')}
      label={t('users.delete.confirm', { email: user.email })}
      submitLabel={t('users.delete.submit')}
      type="email"
      expected={user.email}
      mismatch="validation.confirmEmail"
      field="confirmEmail"
      pending={action.isPending}
      send={async (confirmEmail) => {
        await action.mutateAsync({ kind: 'delete', id: user.id, confirmEmail });
        return t('users.done.delete', { email: user.email });
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

/** Add or deduct credit with a reason: one ledger entry, once per dialog (its idempotency key). */
export function CreditDialog({ user, onClose, onDone }: UserDialogProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const action = useUserAction();
  const [failure, setFailure] = useState<string>();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AdminCreditInput>({
    // raw: the form sends the amount as typed (dollars); the API turns it into cents once, with the same schema.
    resolver: zodResolver(adminCreditSchema, undefined, { raw: true }) as never,
    defaultValues: { direction: 'add', amount: '', reason: '' },
  });
  const message = (error?: { message?: string }) => (error?.message ? tc(error.message) : undefined);
  const submit = handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      await action.mutateAsync({ kind: 'credit', id: user.id, body, idempotencyKey });
      onDone(t(`users.done.${body.direction === 'add' ? 'credit' : 'debit'}`, { name: user.name }));
    } catch (error) {
      if (!applyFieldErrors(error, ['direction', 'amount', 'reason'], setError)) setFailure(tc(accountErrorKey(error)));
    }
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('users.credit.title', { name: user.name })}
      submitLabel={t('users.credit.submit')}
      pending={action.isPending}
      error={failure}
      onSubmit={() => void submit()}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('users.credit.direction')}>
          {(control) => (
            <select {...control} className={inputClasses()} {...register('direction')}>
              {CREDIT_DIRECTIONS.map((direction) => (
                <option key={direction} value={direction}>
                  {t(`users.credit.${direction}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label={t('users.credit.amount')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('users.credit.amountHint')}
          error={message(errors.amount)}
          {...register('amount')}
        />
      </div>
      <Field label={t('users.credit.reason')} error={message(errors.reason)}>
        {(control) => <Textarea rows={3} {...control} {...register('reason')} />}
      </Field>
    </FormDialog>
  );
}
