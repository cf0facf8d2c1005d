import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function AdminDomainsPage() {
  const { t } = useTranslation('admin');
  return <PageHeader title={t('domains.heading')} description={t('domains.intro')} />;
}
