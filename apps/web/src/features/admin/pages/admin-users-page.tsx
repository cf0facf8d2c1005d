import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function AdminUsersPage() {
  const { t } = useTranslation('admin');
  return <PageHeader title={t('users.heading')} description={t('users.intro')} />;
}
