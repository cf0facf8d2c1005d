import { AlertTriangle, Check, CheckCircle2, Info, type LucideIcon, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Notification, NotificationType } from '../api/types';
import { useDashboardFormat } from '../lib/use-dashboard-format';

const TYPE_ICON: Record<NotificationType, { icon: LucideIcon; className: string }> = {
  info: { icon: Info, className: 'bg-info-50 text-info-700' },
  warning: { icon: AlertTriangle, className: 'bg-warning-50 text-warning-700' },
  success: { icon: CheckCircle2, className: 'bg-success-50 text-success-700' },
  error: { icon: XCircle, className: 'bg-danger-50 text-danger-700' },
};

/**
 * Notifications, unread ones highlighted (and said to be unread, not by colour alone). With `onMarkRead`, each
 * unread one has a button that marks it read; `pendingId` is the one being marked.
 */
export function NotificationList({
  notifications,
  onMarkRead,
  pendingId,
}: {
  notifications: Notification[];
  onMarkRead?: (id: string) => void;
  pendingId?: string | null;
}) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  return (
    <ul className="space-y-2">
      {notifications.map((notification) => {
        const { icon: Icon, className } = TYPE_ICON[notification.type];
        return (
          <li
            key={notification.id}
            data-unread={notification.read ? undefined : 'true'}
            className={cn(
              'flex gap-3 rounded-xl border p-3',
              notification.read ? 'border-slate-200 bg-white' : 'border-brand-200 bg-brand-50',
            )}
          >
            <span className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-full', className)}>
              <Icon aria-hidden="true" className="size-5" />
              <span className="sr-only">{t(`notifications.type.${notification.type}`)}</span>
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="font-semibold text-slate-900">
                  {!notification.read && (
                    <>
                      <span aria-hidden="true" className="mr-2 inline-block size-2 rounded-full bg-brand-600" />
                      <span className="sr-only">{t('notifications.unread')}: </span>
                    </>
                  )}
                  {notification.title}
                </p>
                <p className="text-xs text-slate-600">
                  <time dateTime={new Date(notification.createdAt).toISOString()}>
                    {format.relative(notification.createdAt)}
                  </time>
                </p>
              </div>
              <p className="mt-0.5 text-sm text-slate-600">{notification.message}</p>
              {onMarkRead && !notification.read && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-2 -ml-3"
                  disabled={pendingId === notification.id}
                  aria-busy={pendingId === notification.id}
                  onClick={() => onMarkRead(notification.id)}
                >
                  <Check aria-hidden="true" className="size-4" />
                  {t('notifications.markRead')} <span className="sr-only">{notification.title}</span>
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
