import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATIONS } from './fixtures';
import type { Notification } from './types';

/** The customer's notifications, newest first, in the reader's language. */
export function useNotifications(): Notification[] {
  const { t } = useTranslation('dashboard');
  return useMemo(
    () => NOTIFICATIONS.map((n) => ({ ...n, title: t(n.title), message: t(n.message), date: t(n.date) })),
    [t],
  );
}
