import { zodResolver } from '@hookform/resolvers/zod';
import { usePasswordPolicy, withPasswordPolicy } from '@/lib/public-settings';
import { newPasswordSchema } from '@hostpilot/shared';
import { z } from '@hostpilot/shared/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { PasswordField } from '@/components/ui/password-field';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { resetPassword } from '../api/account-links';
import { AuthCard } from '../components/auth-card';
import { linkTokenOf } from '../lib/link-token';

const resetFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, { error: 'validation.required' }) })
  .refine((data) => data.password === data.confirmPassword, {
    path: ['confirmPassword'],
    error: 'validation.passwordsMatch',
  });
type ResetForm = z.input<typeof resetFormSchema>;

/** /reset-password#<token>: a new password, twice. Every session of the account ends. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const token = linkTokenOf(useLocation().hash);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const policy = usePasswordPolicy();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({
    resolver: withPasswordPolicy(zodResolver(resetFormSchema), 'password', policy),
    defaultValues: { password: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (done || failure) noticeRef.current?.focus();
  }, [done, failure]);

  const linkProblem = failure && failure.startsWith('errors.link');

  return (
    <AuthCard
      title={t('reset.heading')}
      intro={t('reset.intro')}
      footer={
        <Link to="/login" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          {t('forgot.backToLogin')}
        </Link>
      }
    >
      {done ? (
        <Alert ref={noticeRef} tone="success" title={t('reset.doneTitle')}>
          {t('reset.doneBody')}
          <span className="mt-3 block">
            <ButtonLink to="/login" size="sm">
              {t('reset.signIn')}
            </ButtonLink>
          </span>
        </Alert>
      ) : !token || linkProblem ? (
        <Alert ref={noticeRef} tone="error" title={t('reset.linkTitle')}>
          {tc(failure ?? 'errors.linkInvalid')}
          <span className="mt-3 block">
            <ButtonLink to="/forgot-password" size="sm" variant="secondary">
              {t('reset.askAgain')}
            </ButtonLink>
          </span>
        </Alert>
      ) : (
        <>
          {failure && (
            <Alert ref={noticeRef} tone="error" title={t('reset.errorTitle')} className="mb-6">
              {tc(failure)}
            </Alert>
          )}
          <form
            noValidate
            className="space-y-5"
            onSubmit={handleSubmit(async ({ password }) => {
              setFailure(null);
              try {
                await resetPassword(token, password);
                setDone(true);
              } catch (error) {
                const fields = fieldErrorsOf(error);
                if (fields.password) setError('password', { message: fields.password.code }, { shouldFocus: true });
                else setFailure(accountErrorKey(error));
              }
            })}
          >
            <PasswordField
              label={t('reset.newPassword')}
              autoComplete="new-password"
              showLabel={t('fields.show')}
              hideLabel={t('fields.hide')}
              hint={t('register.passwordHint')}
              error={errors.password?.message ? tc(errors.password.message) : undefined}
              {...register('password')}
            />
            <PasswordField
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              showLabel={t('fields.show')}
              hideLabel={t('fields.hide')}
              error={errors.confirmPassword?.message ? tc(errors.confirmPassword.message) : undefined}
              {...register('confirmPassword')}
            />
            <Button type="submit" size="lg" fullWidth disabled={isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting ? t('reset.submitting') : t('reset.submit')}
            </Button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
