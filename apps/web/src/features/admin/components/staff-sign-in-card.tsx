import type { SecuritySettings } from '@hostpilot/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { api } from '@/lib/session';

type Load = { status: 'loading' } | { status: 'error'; key: string } | { status: 'ready'; settings: SecuritySettings };

/**
 * "Require two-factor sign-in for staff", read from and saved to the API at once
 * (docs/decisions/023-two-factor-sign-in.md). Turning it on needs two-factor sign-in on the caller's own account;
 * the API says so on the field, and the card shows it.
 */
export function StaffSignInCard() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const headingId = useId();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    api.get<SecuritySettings>('/admin/settings/security').then(
      (settings) => live && setLoad({ status: 'ready', settings }),
      (error: unknown) => live && setLoad({ status: 'error', key: accountErrorKey(error) }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  async function save(requireStaffTwoFactor: boolean) {
    setSaving(true);
    setNotice(null);
    setFailure(null);
    try {
      const settings = await api.put<SecuritySettings>('/admin/settings/security', { requireStaffTwoFactor });
      setLoad({ status: 'ready', settings });
      setNotice(t(settings.requireStaffTwoFactor ? 'settings.staffSignIn.savedOn' : 'settings.staffSignIn.savedOff'));
    } catch (error) {
      const field = fieldErrorsOf(error).requireStaffTwoFactor;
      setFailure(field ? field.code : accountErrorKey(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card as="section" aria-labelledby={headingId} className="mb-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('settings.staffSignIn.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('settings.staffSignIn.description')}</p>
      <div className="mt-5 space-y-4">
        {load.status === 'loading' && <Spinner label={t('settings.staffSignIn.loading')} />}
        {load.status === 'error' && (
          <Alert tone="error" title={t('settings.staffSignIn.loadFailed')}>
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
            checked={load.settings.requireStaffTwoFactor}
            disabled={saving}
            onChange={save}
            label={t('settings.staffSignIn.require')}
            description={t('settings.staffSignIn.requireHint')}
          />
        )}
        {failure && (
          <Alert tone="error" title={t('settings.staffSignIn.saveFailed')}>
            {tc(failure)}
          </Alert>
        )}
        <p role="status" className="text-sm text-slate-700 empty:hidden">
          {saving ? t('settings.staffSignIn.saving') : (notice ?? '')}
        </p>
      </div>
    </Card>
  );
}
