import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function DashboardDomainsPage() {
  const { t } = useTranslation('dashboard');
  return <PageHeader title={t('domains.heading')} description={t('domains.intro')} />;
}
