import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function AdminServersPage() {
  const { t } = useTranslation('admin');
  return <PageHeader title={t('servers.heading')} description={t('servers.intro')} />;
}
