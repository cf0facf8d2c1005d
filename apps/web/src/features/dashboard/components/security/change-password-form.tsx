import { zodResolver } from '@hookform/resolvers/zod';
import { usePasswordPolicy, withPasswordPolicy } from '@/lib/public-settings';
import { changePasswordSchema } from '@hostpilot/shared';
import { z } from '@hostpilot/shared/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { useSession } from '@/lib/session';
import { useChangePassword } from '../../api/use-account-actions';

const formSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().min(1, { error: 'validation.required' }) })
  .refine((data) => data.newPassword === data.confirmPassword, {
    path: ['confirmPassword'],
    error: 'validation.passwordsMatch',
  });
type ChangePasswordForm = z.input<typeof formSchema>;

/** The current password and the new one twice; every other signed-in device is signed out. */
export function ChangePasswordForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const policy = usePasswordPolicy();
  const changePassword = useChangePassword();
  const { user } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm>({
    resolver: withPasswordPolicy(zodResolver(formSchema), 'newPassword', policy, () => user ?? {}),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const errorOf = (name: keyof ChangePasswordForm) => {
    const message = errors[name]?.message;
    return message ? tc(message) : undefined;
  };
  const toggle = { showLabel: t('settings.security.show'), hideLabel: t('settings.security.hide') };

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={handleSubmit(async ({ currentPassword, newPassword }) => {
        setFailure(null);
        try {
          await changePassword.mutateAsync({ currentPassword, newPassword });
          onDone();
        } catch (error) {
          const fields = fieldErrorsOf(error);
          const named = (['currentPassword', 'newPassword'] as const).filter((name) => fields[name]);
          for (const name of named) setError(name, { message: fields[name]!.code }, { shouldFocus: true });
          if (named.length === 0) setFailure(accountErrorKey(error));
        }
      })}
    >
      {failure && (
        <Alert tone="error" title={t('settings.security.changeFailed')}>
          {tc(failure)}
        </Alert>
      )}
      <PasswordField
        label={t('settings.security.currentPassword')}
        autoComplete="current-password"
        error={errorOf('currentPassword')}
        {...toggle}
        {...register('currentPassword')}
      />
      <PasswordField
        label={t('settings.security.newPassword')}
        autoComplete="new-password"
        hint={t('settings.security.passwordHint')}
        error={errorOf('newPassword')}
        {...toggle}
        {...register('newPassword')}
      />
      <PasswordField
        label={t('settings.security.confirmPassword')}
        autoComplete="new-password"
        error={errorOf('confirmPassword')}
        {...toggle}
        {...register('confirmPassword')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? t('settings.security.saving') : t('settings.security.savePassword')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('settings.security.cancel')}
        </Button>
      </div>
    </form>
  );
}
