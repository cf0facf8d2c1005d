import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field-styles';
import { PageHeader } from '@/components/ui/page-header';
import { Switch } from '@/components/ui/switch';
import { accountErrorKey } from '@/lib/account-errors';
import { currentLanguage, isLanguage, LANGUAGES } from '@/lib/i18n';
import { saveAccountLanguage, useSession } from '@/lib/session';
import type { NotificationPreferences } from '../api/types';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { useSavePreferences } from '../api/use-account-actions';
import { useNotificationPreferences } from '../api/use-dashboard-data';
import { Panel } from '../components/panel';
import { ChangePasswordForm } from '../components/security/change-password-form';
import { SessionsPanel } from '../components/security/sessions-panel';
import { TwoFactorPanel } from '../components/security/two-factor-panel';
import { ProfileForm } from '../components/profile-form';

const PREFERENCES: (keyof NotificationPreferences)[] = ['emailNotifications', 'serviceUpdates', 'marketing'];

export function DashboardSettingsPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const saved = useNotificationPreferences();
  const [changing, setChanging] = useState(false);
  const [passwordChanged, setPasswordChanged] = useState(false);

  return (
    <>
      <PageHeader title={t('settings.heading')} description={t('settings.intro')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t('settings.profile.title')} className="lg:col-span-2">
          <ProfileForm key={user?.id} user={user} />
        </Panel>

        <Panel title={t('settings.security.title')}>
          <ul className="divide-y divide-slate-100">
            <li>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0 flex-1">
                  <h3 className="font-medium text-slate-900">{t('settings.security.password')}</h3>
                  <p className="text-sm text-slate-600">{t('settings.security.passwordHint')}</p>
                </div>
                {!changing && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      setChanging(true);
                      setPasswordChanged(false);
                    }}
                  >
                    <KeyRound aria-hidden="true" className="size-4" />
                    {t('settings.security.changePassword')}
                  </Button>
                )}
              </div>
              {changing && (
                <ChangePasswordForm
                  onDone={() => {
                    setChanging(false);
                    setPasswordChanged(true);
                  }}
                  onCancel={() => setChanging(false)}
                />
              )}
              <p role="status" className="mt-2 text-sm text-success-800 empty:hidden">
                {passwordChanged ? t('settings.security.passwordChanged') : ''}
              </p>
            </li>
          </ul>
        </Panel>

        <TwoFactorPanel />

        <SessionsPanel className="lg:col-span-2" />

        <Panel title={t('settings.preferences.title')}>
          <QueryView
            query={saved}
            loadingLabel={t('settings.preferences.loading')}
            errorTitle={t('settings.preferences.loadError')}
            skeleton={<SkeletonRows rows={3} />}
          >
            {(data) => <PreferenceSwitches saved={data} />}
          </QueryView>
        </Panel>
      </div>
    </>
  );
}

/**
 * The language and the three switches, each saved to the account as it changes (PATCH /users/me/preferences);
 * a switch waits while it saves and goes back when the save fails.
 */
function PreferenceSwitches({ saved }: { saved: NotificationPreferences }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const savePreferences = useSavePreferences();
  const languageId = useId();
  const [preferences, setPreferences] = useState(saved);
  const [pending, setPending] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (key: string, work: () => Promise<unknown>) => {
    setPending(key);
    setStatus('');
    setFailure(null);
    try {
      await work();
      setStatus(t('settings.preferences.saved'));
      return true;
    } catch (error) {
      setFailure(accountErrorKey(error));
      return false;
    } finally {
      setPending(null);
    }
  };
  const toggle = async (key: keyof NotificationPreferences, value: boolean) => {
    setPreferences((current) => ({ ...current, [key]: value }));
    const ok = await save(key, () => savePreferences.mutateAsync({ [key]: value }));
    if (!ok) setPreferences((current) => ({ ...current, [key]: !value }));
  };

  return (
    <>
      <div className="space-y-5">
        <div>
          <label htmlFor={languageId} className="block text-sm font-medium text-slate-800">
            {t('settings.preferences.language')}
          </label>
          <p id={`${languageId}-hint`} className="mt-0.5 text-sm text-slate-500">
            {t('settings.preferences.languageHint')}
          </p>
          <select
            id={languageId}
            aria-describedby={`${languageId}-hint`}
            className={`${inputClasses()} mt-1.5 sm:max-w-xs`}
            value={currentLanguage()}
            disabled={pending === 'language'}
            onChange={(event) => {
              const language = event.target.value;
              if (isLanguage(language)) void save('language', () => saveAccountLanguage(language));
            }}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {t(`settings.preferences.languages.${language}`)}
              </option>
            ))}
          </select>
        </div>
        {PREFERENCES.map((key) => (
          <Switch
            key={key}
            checked={preferences[key]}
            disabled={pending === key}
            onChange={(value) => void toggle(key, value)}
            label={t(`settings.preferences.${key}`)}
            description={t(`settings.preferences.${key}Hint`)}
          />
        ))}
      </div>
      <p role="status" className="mt-4 text-sm text-success-800 empty:hidden">
        {status}
      </p>
      {failure && (
        <Alert tone="error" title={t('settings.preferences.failed')} className="mt-4">
          {tc(failure)}
        </Alert>
      )}
    </>
  );
}
