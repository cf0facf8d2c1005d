import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { useNotifications } from '../api/use-dashboard-data';
import { NotificationList } from '../components/notification-list';

export function DashboardNotificationsPage() {
  const { t } = useTranslation('dashboard');
  const query = useNotifications();
  return (
    <>
      <PageHeader title={t('notifications.heading')} description={t('notifications.intro')} />
      <QueryView
        query={query}
        loadingLabel={t('notifications.loading')}
        errorTitle={t('notifications.loadError')}
        skeleton={<SkeletonRows rows={5} />}
      >
        {(notifications) =>
          notifications.length === 0 ? (
            <EmptyState
              icon={BellOff}
              title={t('notifications.empty.title')}
              description={t('notifications.empty.description')}
            />
          ) : (
            <section
              aria-label={t('notifications.listLabel')}
              className="rounded-(--radius-card) border border-slate-200 bg-white p-4 shadow-(--shadow-card) sm:p-6"
            >
              <p className="mb-4 text-sm text-slate-600">
                {t('notifications.unreadCount', { count: notifications.filter((n) => !n.read).length })}
              </p>
              <NotificationList notifications={notifications} />
            </section>
          )
        }
      </QueryView>
    </>
  );
}
