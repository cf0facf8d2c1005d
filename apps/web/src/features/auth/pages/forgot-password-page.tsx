import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPasswordInput, forgotPasswordSchema, authRoutes } from '@hostpilot/shared';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { accountErrorKey } from '@/lib/account-errors';
import { isLanguage } from '@/lib/languages';
import { requestPasswordReset } from '../api/account-links';
import { AuthCard } from '../components/auth-card';
import { formActionOf } from '@/lib/http';

/** /forgot-password: asks for the e-mail and says the same thing whether or not an account has it. */
export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  useEffect(() => {
    if (sentTo || failure) noticeRef.current?.focus();
  }, [sentTo, failure]);

  return (
    <AuthCard
      title={t('forgot.heading')}
      intro={t('forgot.intro')}
      footer={
        <Link to="/login" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          {t('forgot.backToLogin')}
        </Link>
      }
    >
      {sentTo ? (
        <Alert ref={noticeRef} tone="success" title={t('forgot.sentTitle')}>
          {t('forgot.sentBody', { email: sentTo })}
        </Alert>
      ) : (
        <>
          {failure && (
            <Alert ref={noticeRef} tone="error" title={t('forgot.errorTitle')} className="mb-6">
              {tc(failure)}
            </Alert>
          )}
          {/* Before the app runs the browser posts the form to the API, which answers with this page saying the
              same thing (docs/decisions/070-forms-that-work-before-the-app.md); once hydrated the app sends it. */}
          <form
            method="post"
            action={formActionOf(authRoutes.postAuthPasswordForgotForm)}
            noValidate
            className="space-y-5"
            onSubmit={handleSubmit(async ({ email }) => {
              setFailure(null);
              try {
                await requestPasswordReset(email);
                setSentTo(email.trim());
              } catch (error) {
                setFailure(accountErrorKey(error));
              }
            })}
          >
            <input type="hidden" name="lng" value={language} />
            <TextField
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              error={errors.email?.message ? tc(errors.email.message) : undefined}
              {...register('email')}
            />
            <Button type="submit" size="lg" fullWidth disabled={isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting ? t('forgot.submitting') : t('forgot.submit')}
            </Button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
