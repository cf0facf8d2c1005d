import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function AdminSettingsPage() {
  const { t } = useTranslation('admin');
  return <PageHeader title={t('settings.heading')} description={t('settings.intro')} />;
}
