import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '@/lib/i18n';
import { dashboardQueries } from './queries';
import type {
  ActivityRecord,
  DashboardSummaryRecord,
  Message,
  NotificationRecord,
  Paged,
  TransactionRecord,
} from './types';

/**
 * The dashboard's data hooks: TanStack Query over `dashboardQueries`. Each returns the query result, so a page
 * shows skeletons while `data` is undefined, the error with Retry when the call failed, and its empty state
 * when the list is empty. Texts stored as translation keys come back translated in the reader's language.
 */

/**
 * Translates a stored message: `messages.<group>.<key><suffix>` of the dashboard namespace with the message's
 * parameters. A key this version of the app does not know reads as the group's neutral text, never as a key.
 */
export function useMessageText() {
  const { t, i18n } = useTranslation('dashboard');
  return useCallback(
    (group: 'notifications' | 'activity' | 'transactions', message: Message, suffix = '') => {
      const key = `messages.${group}.${message.key}${suffix}`;
      const known = /^[A-Za-z0-9]+$/.test(message.key) && i18n.exists(key, { ns: 'dashboard', ...message.params });
      return t(known ? key : `messages.${group}.unknown${suffix}`, message.params ?? {});
    },
    [t, i18n],
  );
}

function useTranslators() {
  const text = useMessageText();
  return useMemo(
    () => ({
      notification: (record: NotificationRecord) => ({
        ...record,
        title: text('notifications', record, '.title'),
        message: text('notifications', record, '.message'),
      }),
      activity: (record: ActivityRecord) => ({ ...record, description: text('activity', record) }),
      transaction: (record: TransactionRecord) => ({ ...record, description: text('transactions', record) }),
    }),
    [text],
  );
}

/** The home page: tiles, balance, expiring soon, recent activity and the latest notifications. */
export function useDashboardSummary() {
  const tr = useTranslators();
  const select = useCallback(
    (data: DashboardSummaryRecord) => ({
      ...data,
      activity: data.activity.map(tr.activity),
      notifications: data.notifications.map(tr.notification),
    }),
    [tr],
  );
  return useQuery({ ...dashboardQueries.summary(), select });
}

const items = <Row>(data: { items: Row[] }) => data.items;

/** The customer's hosting services, each with the state of its server. */
export function useHostingServices() {
  return useQuery({ ...dashboardQueries.hosting(), select: items });
}

/** The customer's additional services (SSL, backup, e-mail, security). */
export function useAdditionalServices() {
  return useQuery({ ...dashboardQueries.services(), select: items });
}

export function useDomains() {
  return useQuery({ ...dashboardQueries.domains(), select: items });
}

export function useBalance() {
  return useQuery({ ...dashboardQueries.balance(), select: (data) => data.balance });
}

/** One page of transactions, newest first; the previous page stays on screen while the next one loads. */
export function useTransactions(page: number) {
  const tr = useTranslators();
  const select = useCallback(
    (data: Paged<TransactionRecord>) => ({ ...data, items: data.items.map(tr.transaction) }),
    [tr],
  );
  return useQuery({ ...dashboardQueries.transactions(page), select, placeholderData: keepPreviousData });
}

export function useInvoices(page: number) {
  return useQuery({ ...dashboardQueries.invoices(page), placeholderData: keepPreviousData });
}

/** The customer's tickets, most recently updated first. */
export function useSupportTickets() {
  return useQuery({ ...dashboardQueries.tickets(), select: items });
}

/** Every notification, newest first, in the reader's language. */
export function useNotifications() {
  const tr = useTranslators();
  const select = useCallback((data: { items: NotificationRecord[] }) => data.items.map(tr.notification), [tr]);
  return useQuery({ ...dashboardQueries.notifications(), select });
}

/** Knowledge articles in the reader's language: the most viewed, or those matching `search`. */
export function useKnowledgeArticles(search: string) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return useQuery({
    ...dashboardQueries.articles(language, search.trim()),
    select: items,
    placeholderData: keepPreviousData,
  });
}

export function useNotificationPreferences() {
  return useQuery(dashboardQueries.preferences());
}
