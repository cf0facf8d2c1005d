import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function DashboardNotificationsPage() {
  const { t } = useTranslation('dashboard');
  return <PageHeader title={t('notifications.heading')} description={t('notifications.intro')} />;
}
