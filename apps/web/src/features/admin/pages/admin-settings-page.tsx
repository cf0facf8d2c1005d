import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { NoticeDialog } from '../components/notice-dialog';
import { SettingsForm } from '../components/settings-form';
import { StaffSignInCard } from '../components/staff-sign-in-card';
import { DEFAULT_ADMIN_SETTINGS } from '../lib/settings-schema';
import { useNotice } from '../lib/use-notice';

export function AdminSettingsPage() {
  const { t } = useTranslation('admin');
  const { notice, show, close } = useNotice();
  return (
    <>
      <PageHeader title={t('settings.heading')} description={t('settings.intro')} />
      <StaffSignInCard />
      <SettingsForm defaults={DEFAULT_ADMIN_SETTINGS} onNotice={show} />
      <NoticeDialog notice={notice} onClose={close} />
    </>
  );
}
