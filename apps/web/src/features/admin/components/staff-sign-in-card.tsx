import type { SecuritySettings } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminQueries } from '../api/queries';
import { useSaveSecuritySettings } from '../api/use-settings-actions';
import { SettingSwitchCard } from './setting-switch-card';

/**
 * "Require two-factor sign-in for staff", read from and saved to the API at once
 * (docs/decisions/023-two-factor-sign-in.md). Turning it on needs two-factor sign-in on the caller's own account;
 * the API says so on the field, and the card shows it.
 */
export function StaffSignInCard() {
  const { t } = useTranslation('admin');
  const settings = useQuery(adminQueries.securitySettings());
  const save = useSaveSecuritySettings();
  return (
    <SettingSwitchCard<SecuritySettings, 'requireStaffTwoFactor'>
      settings={settings}
      save={save}
      field="requireStaffTwoFactor"
      title={t('settings.staffSignIn.title')}
      description={t('settings.staffSignIn.description')}
      label={t('settings.staffSignIn.require')}
      hint={t('settings.staffSignIn.requireHint')}
      loading={t('settings.staffSignIn.loading')}
      loadFailed={t('settings.staffSignIn.loadFailed')}
      saveFailed={t('settings.staffSignIn.saveFailed')}
      saving={t('settings.staffSignIn.saving')}
      saved={(settings) =>
        t(settings.requireStaffTwoFactor ? 'settings.staffSignIn.savedOn' : 'settings.staffSignIn.savedOff')
      }
    />
  );
}
