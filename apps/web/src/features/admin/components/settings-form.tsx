import { zodResolver } from '@hookform/resolvers/zod';
import { type SystemSettingsView, emailSchema } from '@hostpilot/shared';
import { Inbox, Mail, Save } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/field-styles';
import { PasswordField } from '@/components/ui/password-field';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { refreshPublicSettings } from '@/lib/public-settings';
import { useSaveSystemSettings, useTestEmailSettings } from '../api/use-settings-actions';
import {
  ENCRYPTIONS,
  formValues,
  type SettingsData,
  type SettingsInput,
  settingsSchema,
  toEmailInput,
  toInput,
} from '../lib/settings-schema';

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-5 space-y-5">{children}</div>
    </Card>
  );
}

export interface SettingsFormProps {
  /** The saved settings (GET /api/admin/settings). */
  saved: SystemSettingsView;
  /** Where Test Email Settings sends by default: the operator's own address. */
  ownEmail: string;
  /** Whether the caller may save (settings.write); the API checks it anyway. */
  canWrite: boolean;
}

/**
 * General, Security and Email settings and Save All Settings, saved on the server
 * (docs/decisions/034-system-settings-and-mail.md). A refusal puts the API's message on its field and keeps
 * everything typed. The SMTP password is never shown: the field says when one is saved and keeps it unless it is
 * replaced or removed. Test Email Settings sends through the fields as typed and shows the server's answer.
 */
export function SettingsForm({ saved, ownEmail, canWrite }: SettingsFormProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const [current, setCurrent] = useState(saved);
  const [testTo, setTestTo] = useState(ownEmail);
  const [testToError, setTestToError] = useState<string | undefined>();
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getValues,
    setError,
    reset,
    formState: { errors, touchedFields, isSubmitted },
  } = useForm<SettingsInput, unknown, SettingsData>({
    resolver: zodResolver(settingsSchema),
    mode: 'onTouched',
    defaultValues: formValues(saved),
  });
  const passwordClear = useWatch({ control, name: 'email.smtpPasswordClear' });

  const putFieldErrors = (error: unknown) => {
    const fields = Object.entries(fieldErrorsOf(error));
    fields.forEach(([field, problem], index) =>
      setError(field as FieldPath<SettingsInput>, { message: problem.code }, { shouldFocus: index === 0 }),
    );
    return fields.length > 0;
  };

  const save = useSaveSystemSettings();
  const test = useTestEmailSettings();

  const message = (error: { message?: string } | undefined, touched: boolean | undefined) =>
    error?.message && (touched || isSubmitted) ? tc(error.message) : undefined;

  const onSubmit = handleSubmit((data) =>
    save.mutate(toInput(data), {
      onSuccess: (view) => {
        refreshPublicSettings();
        setCurrent(view);
        reset(formValues(view));
      },
      onError: putFieldErrors,
    }),
  );

  const runTest = async () => {
    const recipient = emailSchema.safeParse(testTo);
    setTestToError(recipient.success ? undefined : recipient.error.issues[0]?.message);
    const ok = await trigger('email', { shouldFocus: true });
    if (!ok || !recipient.success) return;
    const parsed = settingsSchema.shape.email.safeParse(getValues('email'));
    if (parsed.success)
      test.mutate({ to: recipient.data, email: toEmailInput(parsed.data) }, { onError: putFieldErrors });
  };

  const testResult = test.data;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
      <Section title={t('settings.general.title')} description={t('settings.general.description')}>
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label={t('settings.general.siteName')}
            autoComplete="off"
            error={message(errors.general?.siteName, touchedFields.general?.siteName)}
            {...register('general.siteName')}
          />
          <TextField
            type="email"
            label={t('settings.general.supportEmail')}
            autoComplete="off"
            error={message(errors.general?.supportEmail, touchedFields.general?.supportEmail)}
            {...register('general.supportEmail')}
          />
        </div>
        <Field label={t('settings.general.defaultLanguage')} className="md:max-w-xs">
          {(controlProps) => (
            <select {...controlProps} className={inputClasses()} {...register('general.defaultLanguage')}>
              <option value="en">{t('settings.general.languages.en')}</option>
              <option value="ru">{t('settings.general.languages.ru')}</option>
            </select>
          )}
        </Field>
      </Section>

      <Section title={t('settings.security.title')} description={t('settings.security.description')}>
        <Controller
          control={control}
          name="security.sslEnforcement"
          render={({ field }) => (
            <Switch
              checked={field.value}
              onChange={field.onChange}
              label={t('settings.security.ssl')}
              description={t('settings.security.sslDescription')}
            />
          )}
        />
        <div className="border-t border-slate-100 pt-5">
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t('settings.security.passwordPolicy')}</legend>
            <div className="mt-3 space-y-3">
              <CheckboxField
                label={t('settings.security.uppercase')}
                {...register('security.passwordPolicy.uppercase')}
              />
              <CheckboxField label={t('settings.security.numbers')} {...register('security.passwordPolicy.numbers')} />
              <CheckboxField
                label={t('settings.security.special')}
                {...register('security.passwordPolicy.specialCharacters')}
              />
            </div>
          </fieldset>
        </div>
      </Section>

      <Section title={t('settings.email.title')} description={t('settings.email.description')}>
        {current.smtpUrlOverride && <Alert tone="info">{t('settings.email.override')}</Alert>}
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label={t('settings.email.host')}
            autoComplete="off"
            spellCheck={false}
            hint={t('settings.email.hostHint')}
            error={message(errors.email?.smtpHost, touchedFields.email?.smtpHost)}
            {...register('email.smtpHost')}
          />
          <TextField
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            placeholder="587"
            label={t('settings.email.port')}
            hint={t('settings.email.portHint')}
            error={message(errors.email?.smtpPort, touchedFields.email?.smtpPort)}
            {...register('email.smtpPort')}
          />
          <Field label={t('settings.email.encryption')}>
            {(controlProps) => (
              <select {...controlProps} className={inputClasses()} {...register('email.encryption')}>
                {ENCRYPTIONS.map((value) => (
                  <option key={value} value={value}>
                    {t(`settings.email.encryptions.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label={t('settings.email.from')}
            autoComplete="off"
            spellCheck={false}
            hint={t('settings.email.fromHint')}
            error={message(errors.email?.smtpFrom, touchedFields.email?.smtpFrom)}
            {...register('email.smtpFrom')}
          />
          <TextField
            label={t('settings.email.username')}
            autoComplete="off"
            error={message(errors.email?.smtpUsername, touchedFields.email?.smtpUsername)}
            {...register('email.smtpUsername')}
          />
          <div className="space-y-3">
            <PasswordField
              label={t('settings.email.password')}
              autoComplete="new-password"
              showLabel={t('settings.email.showPassword')}
              hideLabel={t('settings.email.hidePassword')}
              disabled={passwordClear}
              hint={current.email.smtpPasswordSet ? t('settings.email.passwordSet') : undefined}
              error={message(errors.email?.smtpPassword, touchedFields.email?.smtpPassword)}
              {...register('email.smtpPassword')}
            />
            {current.email.smtpPasswordSet && (
              <CheckboxField label={t('settings.email.passwordClear')} {...register('email.smtpPasswordClear')} />
            )}
          </div>
        </div>
        <div className="space-y-4 border-t border-slate-100 pt-5">
          <div className="grid gap-4 md:grid-cols-2 md:items-end">
            <TextField
              type="email"
              label={t('settings.email.testTo')}
              hint={t('settings.email.testHint')}
              autoComplete="off"
              value={testTo}
              onChange={(event) => setTestTo(event.target.value)}
              error={testToError ? tc(testToError) : undefined}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={() => void runTest()} disabled={test.isPending || !canWrite}>
              <Mail aria-hidden="true" className="size-4" />
              {test.isPending ? t('settings.email.testing') : t('settings.email.test')}
            </Button>
            <Link
              to="/admin/outbox"
              className="inline-flex items-center gap-1.5 text-sm font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            >
              <Inbox aria-hidden="true" className="size-4" />
              {t('settings.email.outboxLink')}
            </Link>
          </div>
          <div>
            {testResult?.sent && (
              <Alert tone="success">
                {testResult.via === 'outbox'
                  ? t('settings.email.testOutbox', { to: testResult.to })
                  : t('settings.email.testSent', { to: testResult.to })}
                {testResult.detail && (
                  <span className="mt-1 block break-words font-mono text-xs">
                    {t('settings.email.serverAnswer', { detail: testResult.detail })}
                  </span>
                )}
              </Alert>
            )}
            {testResult && !testResult.sent && (
              <Alert tone="error" title={t('settings.email.testFailed')}>
                {testResult.detail ? (
                  <span className="block break-words font-mono text-xs">
                    {t('settings.email.serverAnswer', { detail: testResult.detail })}
                  </span>
                ) : (
                  t('settings.email.noSmtpAnswer')
                )}
              </Alert>
            )}
            {test.isError && (
              <Alert tone="error" title={t('settings.email.testError')}>
                {tc(
                  Object.keys(fieldErrorsOf(test.error)).length
                    ? 'errors.validationFailed'
                    : accountErrorKey(test.error),
                )}
              </Alert>
            )}
          </div>
        </div>
      </Section>

      {save.isError && (
        <Alert tone="error" title={t('settings.saveFailed')}>
          {Object.keys(fieldErrorsOf(save.error)).length ? t('settings.fixFields') : tc(accountErrorKey(save.error))}
        </Alert>
      )}
      <div className="flex flex-wrap items-center justify-end gap-4">
        <p role="status" className="text-sm text-slate-700 empty:hidden">
          {save.isSuccess && !save.isPending ? t('settings.saved') : ''}
        </p>
        <Button type="submit" size="lg" disabled={save.isPending || !canWrite}>
          <Save aria-hidden="true" className="size-5" />
          {save.isPending ? t('settings.saving') : t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
