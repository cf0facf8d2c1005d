import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { useAdminSettings } from '../api/use-admin-data';
import { NoticeDialog } from '../components/notice-dialog';
import { SettingsForm } from '../components/settings-form';
import { StaffSignInCard } from '../components/staff-sign-in-card';
import { useNotice } from '../lib/use-notice';

export function AdminSettingsPage() {
  const { t } = useTranslation('admin');
  const { data } = useAdminSettings();
  const { notice, show, close } = useNotice();
  return (
    <>
      <PageHeader title={t('settings.heading')} description={t('settings.intro')} />
      <StaffSignInCard />
      <SettingsForm defaults={data} onNotice={show} />
      <NoticeDialog notice={notice} onClose={close} />
    </>
  );
}
