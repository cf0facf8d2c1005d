import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';

export interface SettingSwitchCardProps<S, F extends keyof S & string> {
  /** The settings' read (a query of the feature's `api/` folder). */
  settings: UseQueryResult<S>;
  /** Their save, answering the settings as stored (a mutation of the feature's `api/` folder). */
  save: UseMutationResult<S, unknown, Partial<S>>;
  /** The one on/off field of the settings the switch shows and saves. */
  field: F;
  title: string;
  description: string;
  label: string;
  hint?: string;
  loading: string;
  loadFailed: string;
  saveFailed: string;
  /** What the status line says while saving; nothing when not given. */
  saving?: string;
  /** What the status line says once saved. */
  saved: (settings: S) => string;
}

/**
 * One back-office setting that is a switch, read from the API and saved as soon as it changes (the staff
 * two-factor requirement, new orders needing approval). A refusal shows the API's message for the field, or its
 * error; the switch keeps the stored value.
 */
export function SettingSwitchCard<S extends Record<F, boolean>, F extends keyof S & string>(
  props: SettingSwitchCardProps<S, F>,
) {
  const { t: tc } = useTranslation();
  const headingId = useId();
  const { settings, save, field } = props;
  const saving = save.isPending;
  const notice = save.isSuccess ? props.saved(save.data) : null;
  const failure = save.isError ? (fieldErrorsOf(save.error)[field]?.code ?? accountErrorKey(save.error)) : null;
  // A failed save leaves the stored value; a later read that fails keeps showing the answer it had.
  const stored = settings.data;
  const reading = stored === undefined && settings.isFetching;

  return (
    <Card as="section" aria-labelledby={headingId} className="mb-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {props.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{props.description}</p>
      <div className="mt-5 space-y-4">
        {(settings.isPending || reading) && <Spinner label={props.loading} />}
        {stored === undefined && settings.isError && !reading && (
          <Alert tone="error" title={props.loadFailed}>
            {tc(accountErrorKey(settings.error))}
            <span className="mt-3 block">
              <Button size="sm" variant="secondary" onClick={() => void settings.refetch()}>
                {tc('actions.retry')}
              </Button>
            </span>
          </Alert>
        )}
        {stored !== undefined && (
          <Switch
            checked={stored[field]}
            disabled={saving}
            onChange={(value) => save.mutate({ [field]: value } as Partial<S>)}
            label={props.label}
            description={props.hint}
          />
        )}
        {failure && (
          <Alert tone="error" title={props.saveFailed}>
            {tc(failure)}
          </Alert>
        )}
        <p role="status" className="text-sm text-slate-700 empty:hidden">
          {saving ? (props.saving ?? '') : (notice ?? '')}
        </p>
      </div>
    </Card>
  );
}
