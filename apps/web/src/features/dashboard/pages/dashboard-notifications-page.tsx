import { BellOff, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { accountErrorKey } from '@/lib/account-errors';
import { useMarkRead } from '../api/notification-actions';
import { useNotifications } from '../api/use-dashboard-data';
import { NotificationList } from '../components/notification-list';

export function DashboardNotificationsPage() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const query = useNotifications();
  const { markOne, markAll } = useMarkRead();
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const unread = query.data?.filter((notification) => !notification.read).length ?? 0;

  const run = async (id: string, work: () => Promise<void>, done: string) => {
    setPending(id);
    setFailure(null);
    setStatus('');
    try {
      await work();
      setStatus(done);
    } catch (error) {
      setFailure(accountErrorKey(error));
    } finally {
      setPending(null);
    }
  };
  const markAllButton =
    unread > 0 ? (
      <Button
        variant="secondary"
        disabled={pending !== null}
        aria-busy={pending === 'all'}
        onClick={() => void run('all', markAll, t('notifications.allMarked'))}
      >
        <CheckCheck aria-hidden="true" className="size-4" />
        {t('notifications.markAllRead')}
      </Button>
    ) : undefined;

  return (
    <>
      <PageHeader title={t('notifications.heading')} description={t('notifications.intro')} actions={markAllButton} />
      {failure && (
        <Alert tone="error" title={t('notifications.markFailed')} className="mb-4">
          {tc(failure)}
        </Alert>
      )}
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
              <p className="mb-4 text-sm text-slate-600">{t('notifications.unreadCount', { count: unread })}</p>
              <p role="status" className="mb-4 text-sm text-success-800 empty:hidden">
                {status}
              </p>
              <NotificationList
                notifications={notifications}
                pendingId={pending}
                onMarkRead={(id) => void run(id, () => markOne(id), t('notifications.marked'))}
              />
            </section>
          )
        }
      </QueryView>
    </>
  );
}
