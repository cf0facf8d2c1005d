import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { useSession } from '@/lib/session';
import { adminQueries } from '../api/queries';
import { useCan } from '../api/use-permissions';
import { SettingsForm } from '../components/settings-form';
import { OrderApprovalCard } from '../components/order-approval-card';
import { StaffSignInCard } from '../components/staff-sign-in-card';

/** System Settings (docs/product/screens.md, docs/decisions/034-system-settings-and-mail.md). */
export function AdminSettingsPage() {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  const canWrite = useCan('settings.write');
  const settings = useQuery(adminQueries.systemSettings());
  return (
    <>
      <PageHeader title={t('settings.heading')} description={t('settings.intro')} />
      <StaffSignInCard />
      <OrderApprovalCard />
      <div className="mt-6">
        <QueryView query={settings} loadingLabel={t('settings.loading')} errorTitle={t('settings.loadFailed')}>
          {(saved) => <SettingsForm saved={saved} ownEmail={user?.email ?? ''} canWrite={canWrite} />}
        </QueryView>
      </div>
    </>
  );
}
