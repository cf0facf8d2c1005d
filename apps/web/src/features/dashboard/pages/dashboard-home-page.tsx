import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function DashboardHomePage() {
  const { t } = useTranslation('dashboard');
  return <PageHeader title={t('home.heading')} description={t('home.intro')} />;
}
