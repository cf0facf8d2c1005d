import { zodResolver } from '@hookform/resolvers/zod';
import { DEMO_CUSTOMER, type LoginInput, loginSchema, authRoutes } from '@hostpilot/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { PasswordField } from '@/components/ui/password-field';
import { SecondFactorForm } from '@/components/ui/second-factor-form';
import { TextField } from '@/components/ui/text-field';
import { isLanguage } from '@/lib/languages';
import { session, useSession } from '@/lib/session';
import type { PendingTwoFactor } from '@/lib/session-store';
import { useDemoMode } from '@/lib/use-demo-mode';
import { AuthCard } from '../components/auth-card';
import { SessionErrorAlert } from '../components/session-error-alert';
import { formActionOf } from '@/lib/http';

type LoginForm = LoginInput;

/** Where the form posts before the app runs (apps/api/src/modules/accounts/auth-form.routes.ts). */
const LOGIN_FORM_ACTION = formActionOf(authRoutes.postAuthLoginForm);

/**
 * The second step of a two-factor sign-in: a code from the app or, toggled, a recovery code. A refused code is shown
 * on its field; an expired challenge sends the user back to the password with the message.
 */
function TwoFactorStep({ pending, onRestart }: { pending: PendingTwoFactor; onRestart: () => void }) {
  const { t } = useTranslation('auth');
  const { loginTwoFactor, error, clearError } = useSession();
  const [recovery, setRecovery] = useState(false);
  return (
    <AuthCard title={t('twoFactor.heading')} intro={recovery ? t('twoFactor.recoveryIntro') : t('twoFactor.intro')}>
      <SessionErrorAlert error={error} title={t('twoFactor.errorTitle')} />
      <SecondFactorForm
        fullWidth
        submitLabel={t('twoFactor.submit')}
        submittingLabel={t('twoFactor.submitting')}
        onModeChange={(mode) => setRecovery(mode === 'recoveryCode')}
        onSubmit={async (factor) => {
          if (await loginTwoFactor(pending, factor)) return null;
          const failure = session.getState().error;
          if (failure?.key === 'twoFactorChallengeInvalid') {
            onRestart();
            return null;
          }
          if (failure?.fields && (failure.fields.code || failure.fields.recoveryCode)) {
            // The field says it; no second message above the form.
            clearError();
            return failure.fields;
          }
          return null;
        }}
      >
        <Button
          variant="secondary"
          size="lg"
          fullWidth
          onClick={() => {
            clearError();
            onRestart();
          }}
        >
          {t('twoFactor.back')}
        </Button>
      </SecondFactorForm>
    </AuthCard>
  );
}

/** docs/product/screens.md, /login. A successful sign-in is taken onwards by the GuestOnly guard. */
export function LoginPage() {
  // The page first asked for (the checkout, say), handed on between sign-in and registration.
  const location = useLocation();
  const { t, i18n } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { login, error, clearError } = useSession();
  const demo = useDemoMode();
  const [pending, setPending] = useState<PendingTwoFactor | null>(null);
  useEffect(() => clearError, [clearError]);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, touchedFields, isSubmitting, isSubmitted },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', remember: false },
    mode: 'onTouched',
  });

  // docs/product/validation.md: errors show only for touched fields (a submit attempt touches them all).
  const fieldError = (name: keyof LoginForm) => {
    const message = errors[name]?.message;
    return message && (touchedFields[name] || isSubmitted) ? tc(message) : undefined;
  };

  function fillDemoAccount() {
    setValue('email', DEMO_CUSTOMER.email, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
    setValue('password', DEMO_CUSTOMER.password, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
  }

  if (pending) return <TwoFactorStep pending={pending} onRestart={() => setPending(null)} />;

  return (
    <AuthCard
      title={t('login.heading')}
      intro={t('login.intro')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link
            to="/register"
            state={location.state}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {t('login.createAccount')}
          </Link>
        </>
      }
    >
      <SessionErrorAlert error={error} title={t('login.errorTitle')} />
      {/* Before the app runs the browser posts the form to the API, which signs in and hands the session to the app
          (docs/decisions/070-forms-that-work-before-the-app.md); once hydrated the app sends it. */}
      <form
        method="post"
        action={LOGIN_FORM_ACTION}
        noValidate
        onSubmit={handleSubmit(async ({ email, password, remember }) => {
          const result = await login({ email, password, remember });
          if (typeof result === 'object') setPending(result);
        })}
        className="space-y-5"
      >
        <input type="hidden" name="lng" value={language} />
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          error={fieldError('email')}
          {...register('email')}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          showLabel={t('fields.show')}
          hideLabel={t('fields.hide')}
          error={fieldError('password')}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField label={t('login.remember')} title={t('login.rememberHint')} {...register('remember')} />
          <Link
            to="/forgot-password"
            className="rounded text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="submit" size="lg" fullWidth disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>

      {demo && (
        <div className="mt-6 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900">
          <p className="font-semibold">{t('login.demoTitle')}</p>
          <p className="mt-1 break-words">
            {t('login.demoBody', { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password })}
          </p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={fillDemoAccount}>
            {t('login.demoUse')}
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
