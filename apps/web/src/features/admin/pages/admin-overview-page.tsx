import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function AdminOverviewPage() {
  const { t } = useTranslation('admin');
  return <PageHeader title={t('overview.heading')} description={t('overview.intro')} />;
}
