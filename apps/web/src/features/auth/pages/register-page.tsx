import { zodResolver } from '@hookform/resolvers/zod';
import { usePasswordPolicy, withPasswordPolicy } from '@/lib/public-settings';
import { type RegisterFormInput, registerFormSchema, authRoutes } from '@hostpilot/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { isLanguage } from '@/lib/languages';
import { session, useSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { AuthCard } from '../components/auth-card';
import { SessionErrorAlert } from '../components/session-error-alert';
import { StepIndicator } from '../components/step-indicator';
import { formActionOf } from '@/lib/http';

type RegisterForm = Required<RegisterFormInput>;
type Step = 1 | 2;

const STEP_ONE_FIELDS = ['firstName', 'lastName'] as const;

/**
 * docs/product/screens.md and docs/product/states.md: the two-step registration wizard. It validates on mount, change
 * and blur; errors show only for touched fields; Continue needs both names touched and valid; Create Account needs a
 * valid, changed form. A successful registration is taken to /dashboard by the GuestOnly guard.
 */
export function RegisterPage() {
  // The page first asked for (the checkout, say), handed on between sign-in and registration.
  const location = useLocation();
  const { t, i18n } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  // Until hydrated, Continue posts the names to the API, which answers the second step as a page
  // (docs/decisions/070-forms-that-work-before-the-app.md); then the app runs the wizard.
  const hydrated = useHydrated();
  const { register: registerAccount, error, clearError } = useSession();
  const [step, setStep] = useState<Step>(1);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const movedRef = useRef(false);
  const continueHintId = useId();

  const policy = usePasswordPolicy();
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setValue,
    setError,
    formState: { errors, touchedFields, isValid, isDirty, isSubmitting },
  } = useForm<RegisterForm>({
    resolver: withPasswordPolicy(zodResolver(registerFormSchema), 'password', policy, (values) => values),
    mode: 'all',
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', acceptTerms: false },
  });

  // Validate on mount (docs/product/validation.md): the buttons' enabling rules hold from the first render.
  useEffect(() => {
    void trigger();
  }, [trigger]);

  useEffect(() => clearError, [clearError]);

  // Each step change moves focus to the new step's heading, so screen readers announce where they are.
  useEffect(() => {
    if (movedRef.current) stepHeadingRef.current?.focus();
  }, [step]);

  const fieldError = (name: keyof RegisterForm) => {
    const message = errors[name]?.message;
    return message && touchedFields[name] ? tc(message) : undefined;
  };

  const canContinue =
    Boolean(touchedFields.firstName && touchedFields.lastName) && !errors.firstName && !errors.lastName;

  async function onContinue() {
    for (const name of STEP_ONE_FIELDS) setValue(name, getValues(name), { shouldTouch: true });
    if (await trigger([...STEP_ONE_FIELDS])) {
      movedRef.current = true;
      setStep(2);
    }
  }

  function onBack() {
    movedRef.current = true;
    setStep(1);
  }

  const onSubmit = handleSubmit(async ({ firstName, lastName, email, password }) => {
    if (await registerAccount({ firstName, lastName, email, password })) return;
    const failure = session.getState().error;
    if (failure?.key === 'emailTaken') setError('email', { type: 'server', message: 'errors.emailTaken' });
    for (const [field, problem] of Object.entries(failure?.fields ?? {})) {
      if (field in getValues()) setError(field as keyof RegisterForm, { type: 'server', message: problem.code });
    }
  });

  return (
    <AuthCard
      title={t('register.heading')}
      intro={t('register.intro')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link
            to="/login"
            state={location.state}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {t('register.signIn')}
          </Link>
        </>
      }
    >
      <StepIndicator
        label={t('register.stepsLabel')}
        current={step}
        steps={[t('register.step1'), t('register.step2')]}
        stepOf={(n, total) => t('register.stepOf', { step: n, total })}
      />
      <SessionErrorAlert error={error} title={t('register.errorTitle')} />
      <form
        method="post"
        action={formActionOf(authRoutes.postAuthRegisterForm)}
        noValidate
        // On the first step a submit is Continue: Enter in a name field, or a tap on the prerendered Continue (a
        // submit until hydrated) that React receives while it hydrates the page.
        onSubmit={(event) => {
          if (step === 2) return void onSubmit(event);
          event.preventDefault();
          void onContinue();
        }}
      >
        <input type="hidden" name="lng" value={language} />
        {step === 1 ? (
          <section aria-labelledby="register-step-1" className="space-y-5">
            <h2
              id="register-step-1"
              ref={stepHeadingRef}
              tabIndex={-1}
              className="text-lg font-semibold text-slate-900 outline-none"
            >
              {t('register.step1')}
            </h2>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label={t('fields.firstName')}
                autoComplete="given-name"
                error={fieldError('firstName')}
                {...register('firstName')}
              />
              <TextField
                label={t('fields.lastName')}
                autoComplete="family-name"
                error={fieldError('lastName')}
                {...register('lastName')}
              />
            </div>
            <div>
              <Button
                type={hydrated ? 'button' : 'submit'}
                name={hydrated ? undefined : 'step'}
                value={hydrated ? undefined : '1'}
                size="lg"
                fullWidth
                disabled={hydrated && !canContinue}
                aria-describedby={canContinue || !hydrated ? undefined : continueHintId}
                onClick={hydrated ? () => void onContinue() : undefined}
              >
                {t('register.continue')}
              </Button>
              {hydrated && !canContinue && (
                <p id={continueHintId} className="mt-2 text-center text-sm text-slate-500">
                  {t('register.continueHint')}
                </p>
              )}
            </div>
          </section>
        ) : (
          <section aria-labelledby="register-step-2" className="space-y-5">
            <h2
              id="register-step-2"
              ref={stepHeadingRef}
              tabIndex={-1}
              className="text-lg font-semibold text-slate-900 outline-none"
            >
              {t('register.step2')}
            </h2>
            <TextField
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              error={fieldError('email')}
              {...register('email')}
            />
            <PasswordField
              label={t('fields.password')}
              autoComplete="new-password"
              hint={t('register.passwordHint')}
              showLabel={t('fields.show')}
              hideLabel={t('fields.hide')}
              error={fieldError('password')}
              {...register('password')}
            />
            <PasswordField
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              showLabel={t('fields.show')}
              hideLabel={t('fields.hide')}
              error={fieldError('confirmPassword')}
              {...register('confirmPassword')}
            />
            <CheckboxField
              label={
                <Trans
                  t={t}
                  i18nKey="register.acceptTerms"
                  components={{
                    terms: <TermsLink to="/terms" newTabLabel={t('register.opensInNewTab')} />,
                    privacy: <TermsLink to="/privacy" newTabLabel={t('register.opensInNewTab')} />,
                  }}
                />
              }
              error={fieldError('acceptTerms')}
              {...register('acceptTerms')}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row">
              <Button variant="secondary" size="lg" onClick={onBack} className="sm:w-40">
                {t('register.back')}
              </Button>
              <Button
                type="submit"
                size="lg"
                className="flex-1"
                disabled={!isValid || !isDirty || isSubmitting}
                aria-busy={isSubmitting}
              >
                {isSubmitting ? t('register.submitting') : t('register.submit')}
              </Button>
            </div>
          </section>
        )}
      </form>
    </AuthCard>
  );
}

/** A link inside the terms checkbox's label: it opens in a new tab so the form keeps what was typed. */
function TermsLink({ to, newTabLabel, children }: { to: string; newTabLabel: string; children?: React.ReactNode }) {
  return (
    <Link to={to} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline underline-offset-2">
      {children}
      <span className="sr-only"> {newTabLabel}</span>
    </Link>
  );
}
