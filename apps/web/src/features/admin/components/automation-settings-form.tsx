import { zodResolver } from '@hookform/resolvers/zod';
import { type AutomationSettings, automationSettingsSchema } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useId } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { adminQueries } from '../api/queries';
import { useSaveAutomationSettings } from '../api/use-settings-actions';

/** The lifecycle jobs' settings, read from and saved to the API (docs/decisions/030-lifecycle-automation.md). */
export function AutomationSettingsForm() {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const settings = useQuery(adminQueries.automation());
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('scheduler.settings.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('scheduler.settings.description')}</p>
      <div className="mt-5">
        <QueryView
          query={settings}
          loadingLabel={t('scheduler.settings.loading')}
          errorTitle={t('scheduler.settings.loadFailed')}
        >
          {(values) => <SettingsFields values={values} />}
        </QueryView>
      </div>
    </Card>
  );
}

const DAY_FIELDS = ['renewalInvoiceDays', 'suspendAfterDays', 'domainGraceDays', 'ticketCloseDays'] as const;

function SettingsFields({ values }: { values: AutomationSettings }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AutomationSettings>({
    resolver: zodResolver(automationSettingsSchema),
    mode: 'onTouched',
    defaultValues: values,
  });
  const save = useSaveAutomationSettings();
  const putFieldErrors = (error: unknown) => {
    for (const [field, problem] of Object.entries(fieldErrorsOf(error))) {
      setError(field as FieldPath<AutomationSettings>, { message: problem.code }, { shouldFocus: true });
    }
  };
  const message = (error: { message?: string } | undefined) => (error?.message ? tc(error.message) : undefined);
  const dayField = (name: (typeof DAY_FIELDS)[number] | 'terminateAfterDays', disabled = false) => (
    <TextField
      key={name}
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      disabled={disabled}
      label={t(`scheduler.settings.${name}`)}
      error={message(errors[name])}
      {...register(name, { valueAsNumber: true })}
    />
  );
  const terminationEnabled = useWatch({ control, name: 'terminationEnabled' });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit((next) => save.mutate(next, { onError: putFieldErrors }))(event)}
      className="space-y-5"
    >
      <div className="grid gap-5 md:grid-cols-2">{DAY_FIELDS.map((name) => dayField(name))}</div>
      <Controller
        control={control}
        name="autoRenew"
        render={({ field }) => (
          <Switch
            checked={field.value}
            onChange={field.onChange}
            label={t('scheduler.settings.autoRenew')}
            description={t('scheduler.settings.autoRenewHint')}
          />
        )}
      />
      <div className="space-y-5 border-t border-slate-100 pt-5">
        <Controller
          control={control}
          name="terminationEnabled"
          render={({ field }) => (
            <Switch
              checked={field.value}
              onChange={field.onChange}
              label={t('scheduler.settings.terminationEnabled')}
              description={t('scheduler.settings.terminationHint')}
            />
          )}
        />
        <div className="md:max-w-sm">{dayField('terminateAfterDays', !terminationEnabled)}</div>
      </div>
      {save.isError && (
        <Alert tone="error" title={t('scheduler.settings.saveFailed')}>
          {tc(accountErrorKey(save.error))}
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={save.isPending}>
          <Save aria-hidden="true" className="size-4" />
          {save.isPending ? t('scheduler.settings.saving') : t('scheduler.settings.save')}
        </Button>
        <p role="status" className="text-sm text-slate-700 empty:hidden">
          {save.isSuccess ? t('scheduler.settings.saved') : ''}
        </p>
      </div>
    </form>
  );
}
