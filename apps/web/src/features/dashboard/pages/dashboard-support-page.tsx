import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function DashboardSupportPage() {
  const { t } = useTranslation('dashboard');
  return <PageHeader title={t('support.heading')} description={t('support.intro')} />;
}
