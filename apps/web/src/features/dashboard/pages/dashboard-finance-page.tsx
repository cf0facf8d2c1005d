import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function DashboardFinancePage() {
  const { t } = useTranslation('dashboard');
  return <PageHeader title={t('finance.heading')} description={t('finance.intro')} />;
}
