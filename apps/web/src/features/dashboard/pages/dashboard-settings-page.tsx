import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Switch } from '@/components/ui/switch';
import { useSession } from '@/lib/session';
import type { NotificationPreferences } from '../api/types';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { useNotificationPreferences } from '../api/use-dashboard-data';
import { Panel } from '../components/panel';
import { ChangePasswordForm } from '../components/security/change-password-form';
import { SessionsPanel } from '../components/security/sessions-panel';
import { TwoFactorPanel } from '../components/security/two-factor-panel';
import { ProfileForm } from '../components/profile-form';
import { useUnavailableAction } from '../components/use-unavailable-action';

const PREFERENCES: (keyof NotificationPreferences)[] = ['emailNotifications', 'serviceUpdates', 'marketing'];

export function DashboardSettingsPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const saved = useNotificationPreferences();
  const { show, dialog } = useUnavailableAction();
  const [changing, setChanging] = useState(false);
  const [passwordChanged, setPasswordChanged] = useState(false);

  return (
    <>
      <PageHeader title={t('settings.heading')} description={t('settings.intro')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t('settings.profile.title')} className="lg:col-span-2">
          <ProfileForm user={user} onSave={() => show('saveProfile')} />
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
      {dialog}
    </>
  );
}

/** The three switches, starting from the saved preferences; a change applies on this page only for now. */
function PreferenceSwitches({ saved }: { saved: NotificationPreferences }) {
  const { t } = useTranslation('dashboard');
  const [preferences, setPreferences] = useState(saved);
  const [changed, setChanged] = useState(false);
  return (
    <>
      <div className="space-y-5">
        {PREFERENCES.map((key) => (
          <Switch
            key={key}
            checked={preferences[key]}
            onChange={(value) => {
              setPreferences((current) => ({ ...current, [key]: value }));
              setChanged(true);
            }}
            label={t(`settings.preferences.${key}`)}
            description={t(`settings.preferences.${key}Hint`)}
          />
        ))}
      </div>
      <p role="status" className="mt-4 text-sm text-slate-600 empty:hidden">
        {changed ? t('local.notSaved') : ''}
      </p>
    </>
  );
}
