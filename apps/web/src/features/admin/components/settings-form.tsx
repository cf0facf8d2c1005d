import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, Save } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/field-styles';
import { PasswordField } from '@/components/ui/password-field';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import type { AdminSettings } from '../api/types';
import {
  ENCRYPTIONS,
  SMTP_DEFAULT_PORT,
  type SettingsData,
  type SettingsInput,
  settingsSchema,
} from '../lib/settings-schema';
import type { Notice } from '../lib/use-notice';

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
  defaults: AdminSettings;
  onNotice: (notice: Notice) => void;
}

/**
 * General, Security and Email settings and Save All Settings. The form checks what is typed; saving and the
 * test e-mail are not available yet (docs/product/screens.md: no setting is saved on the server yet), and the
 * form says so instead of pretending.
 */
export function SettingsForm({ defaults, onNotice }: SettingsFormProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const [checked, setChecked] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getValues,
    subscribe,
    formState: { errors, touchedFields, isSubmitted },
  } = useForm<SettingsInput, unknown, SettingsData>({
    resolver: zodResolver(settingsSchema),
    mode: 'onTouched',
    defaultValues: defaults,
  });

  // "Checked" holds until any value changes: typed, toggled or set, one subscription sees them all.
  useEffect(() => {
    return subscribe({ formState: { values: true }, callback: () => setChecked(false) });
  }, [subscribe]);

  const message = (error: { message?: string } | undefined, touched: boolean | undefined) =>
    error?.message && (touched || isSubmitted) ? tc(error.message) : undefined;

  const onSubmit = handleSubmit(() => setChecked(true));

  const testEmail = async () => {
    const ok = await trigger(['email.smtpHost', 'email.smtpPort'], { shouldFocus: true });
    if (!ok) return;
    const { smtpHost, smtpPort } = getValues('email');
    onNotice({
      title: t('settings.email.test'),
      body: t('settings.email.testBody', {
        email: getValues('general.supportEmail'),
        host: `${smtpHost.trim()}:${smtpPort.trim() || SMTP_DEFAULT_PORT}`,
      }),
    });
  };

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
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label={t('settings.email.host')}
            autoComplete="off"
            spellCheck={false}
            error={message(errors.email?.smtpHost, touchedFields.email?.smtpHost)}
            {...register('email.smtpHost')}
          />
          <TextField
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            placeholder={String(SMTP_DEFAULT_PORT)}
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
            label={t('settings.email.username')}
            autoComplete="off"
            error={message(errors.email?.smtpUsername, touchedFields.email?.smtpUsername)}
            {...register('email.smtpUsername')}
          />
          <PasswordField
            label={t('settings.email.password')}
            autoComplete="new-password"
            showLabel={t('settings.email.showPassword')}
            hideLabel={t('settings.email.hidePassword')}
            error={message(errors.email?.smtpPassword, touchedFields.email?.smtpPassword)}
            {...register('email.smtpPassword')}
          />
        </div>
        <div>
          <Button variant="secondary" onClick={() => void testEmail()}>
            <Mail aria-hidden="true" className="size-4" />
            {t('settings.email.test')}
          </Button>
        </div>
      </Section>

      {checked && (
        <Alert tone="info" title={t('settings.checkedTitle')}>
          {t('settings.checkedBody')}
        </Alert>
      )}
      <div className="flex justify-end">
        <Button type="submit" size="lg">
          <Save aria-hidden="true" className="size-5" />
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
