import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function DashboardSettingsPage() {
  const { t } = useTranslation('dashboard');
  return <PageHeader title={t('settings.heading')} description={t('settings.intro')} />;
}
