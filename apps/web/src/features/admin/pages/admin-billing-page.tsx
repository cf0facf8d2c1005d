import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function AdminBillingPage() {
  const { t } = useTranslation('admin');
  return <PageHeader title={t('billing.heading')} description={t('billing.intro')} />;
}
