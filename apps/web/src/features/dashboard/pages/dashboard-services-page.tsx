import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function DashboardServicesPage() {
  const { t } = useTranslation('dashboard');
  return <PageHeader title={t('services.heading')} description={t('services.intro')} />;
}
