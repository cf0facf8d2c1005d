import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { api } from '@/lib/session';

type Load<S> = { status: 'loading' } | { status: 'error'; key: string } | { status: 'ready'; settings: S };

export interface SettingSwitchCardProps<S, F extends keyof S & string> {
  /** The API path that answers the settings (GET) and saves them (PUT), under /api. */
  path: string;
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
  const [load, setLoad] = useState<Load<S>>({ status: 'loading' });
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { path, field } = props;

  useEffect(() => {
    let live = true;
    api.get<S>(path).then(
      (settings) => live && setLoad({ status: 'ready', settings }),
      (error: unknown) => live && setLoad({ status: 'error', key: accountErrorKey(error) }),
    );
    return () => {
      live = false;
    };
  }, [attempt, path]);

  async function save(value: boolean) {
    setSaving(true);
    setNotice(null);
    setFailure(null);
    try {
      const settings = await api.put<S>(path, { [field]: value });
      setLoad({ status: 'ready', settings });
      setNotice(props.saved(settings));
    } catch (error) {
      setFailure(fieldErrorsOf(error)[field]?.code ?? accountErrorKey(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card as="section" aria-labelledby={headingId} className="mb-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {props.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{props.description}</p>
      <div className="mt-5 space-y-4">
        {load.status === 'loading' && <Spinner label={props.loading} />}
        {load.status === 'error' && (
          <Alert tone="error" title={props.loadFailed}>
            {tc(load.key)}
            <span className="mt-3 block">
              <Button size="sm" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
                {tc('actions.retry')}
              </Button>
            </span>
          </Alert>
        )}
        {load.status === 'ready' && (
          <Switch
            checked={load.settings[field]}
            disabled={saving}
            onChange={save}
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
