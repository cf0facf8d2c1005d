import { zodResolver } from '@hookform/resolvers/zod';
import { type ProfileUpdateRequest, profileUpdateRequestSchema, type User } from '@hostpilot/shared';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { applyFieldErrors } from '@/lib/account-errors';
import { useUpdateProfile } from '../api/use-account-actions';

const FIELDS = ['firstName', 'lastName', 'email', 'currentPassword'] as const;
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * First name, last name and e-mail, prefilled from the signed-in user and saved with PUT /users/me (the same
 * rules as registration, packages/shared). A new e-mail asks for the current password; an e-mail another
 * account has gets registration's message on the e-mail field. The sidebar shows the saved name at once.
 */
export function ProfileForm({ user }: { user: User | null }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<false | 'profile' | 'email'>(false);
  const updateProfile = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    control,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<ProfileUpdateRequest>({
    resolver: zodResolver(profileUpdateRequestSchema),
    defaultValues: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', email: user?.email ?? '' },
  });
  const email = useWatch({ control, name: 'email' });
  const emailChanges = user !== null && !sameEmail(email, user.email);
  const error = (name: (typeof FIELDS)[number]) => {
    const message = errors[name]?.message;
    return message ? tc(message) : undefined;
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(async (input) => {
        setFailure(null);
        setSaved(false);
        if (emailChanges && !input.currentPassword) {
          setError('currentPassword', { message: 'validation.required' }, { shouldFocus: true });
          return;
        }
        const body = emailChanges ? input : { ...input, currentPassword: undefined };
        try {
          await updateProfile.mutateAsync(body);
          resetField('currentPassword', { defaultValue: undefined });
          // A changed e-mail waits for its link, and the previous address can undo it (docs/decisions/044-account-protection.md).
          setSaved(emailChanges ? 'email' : 'profile');
        } catch (failed) {
          const fields = applyFieldErrors(failed, FIELDS, setError);
          if (fields === 'errors.emailTaken')
            setError('email', { message: 'errors.emailTaken' }, { shouldFocus: true });
          else setFailure(fields);
        }
      })}
      className="space-y-4"
    >
      {failure && (
        <Alert tone="error" title={t('settings.profile.failed')}>
          {tc(failure)}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('settings.profile.firstName')}
          autoComplete="given-name"
          error={error('firstName')}
          {...register('firstName')}
        />
        <TextField
          label={t('settings.profile.lastName')}
          autoComplete="family-name"
          error={error('lastName')}
          {...register('lastName')}
        />
      </div>
      <TextField
        label={t('settings.profile.email')}
        type="email"
        autoComplete="email"
        error={error('email')}
        {...register('email')}
      />
      {emailChanges && (
        <PasswordField
          label={t('settings.profile.currentPassword')}
          hint={t('settings.profile.currentPasswordHint')}
          autoComplete="current-password"
          showLabel={t('settings.security.show')}
          hideLabel={t('settings.security.hide')}
          error={error('currentPassword')}
          {...register('currentPassword', { shouldUnregister: true })}
        />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          <Save aria-hidden="true" className="size-4" />
          {isSubmitting ? t('settings.security.saving') : t('settings.profile.save')}
        </Button>
        <p role="status" className="text-sm text-success-800 empty:hidden">
          {saved === 'email' ? t('settings.profile.savedEmail') : saved ? t('settings.profile.saved') : ''}
        </p>
      </div>
    </form>
  );
}
