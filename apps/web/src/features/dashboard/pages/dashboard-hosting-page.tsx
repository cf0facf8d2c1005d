import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function DashboardHostingPage() {
  const { t } = useTranslation('dashboard');
  return <PageHeader title={t('hosting.heading')} description={t('hosting.intro')} />;
}
