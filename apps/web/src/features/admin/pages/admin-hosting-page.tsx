import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function AdminHostingPage() {
  const { t } = useTranslation('admin');
  return <PageHeader title={t('hosting.heading')} description={t('hosting.intro')} />;
}
