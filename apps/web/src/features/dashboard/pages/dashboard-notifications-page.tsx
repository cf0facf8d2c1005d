import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useNotifications } from '../api/use-notifications';
import { NotificationList } from '../components/notification-list';

export function DashboardNotificationsPage() {
  const { t } = useTranslation('dashboard');
  const notifications = useNotifications();
  const unread = notifications.filter((n) => !n.read).length;
  return (
    <>
      <PageHeader title={t('notifications.heading')} description={t('notifications.intro')} />
      {notifications.length === 0 ? (
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
          <p className="mb-4 text-sm text-slate-600">{t('notifications.unreadCount', { count: unread })}</p>
          <NotificationList notifications={notifications} />
        </section>
      )}
    </>
  );
}
