import type {
  CustomerServerPage,
  Activity as ActivityAnswer,
  ArticlePage,
  DashboardSummary as SummaryAnswer,
  DomainPage,
  HostingPage,
  HostingService as HostingAnswer,
  Notification as NotificationAnswer,
  NotificationPage,
  ServerSummary,
  Service as ServiceAnswer,
  ServicePage,
  TicketPage,
  Transaction as TransactionAnswer,
  TransactionPage,
  Translatable,
  Usage,
} from '@hostpilot/shared';
import { readStoredMessage } from '@hostpilot/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/lib/i18n';
import { messageOptions } from '@/lib/message-params';
import { useSession } from '@/lib/session';
import { keptAnswers } from '@/lib/storage';
import type { TransactionFilters } from './keys';
import { dashboardQueries, KEPT_SUMMARY } from './queries';
import type {
  Activity,
  ActivityKind,
  AdditionalService,
  AdditionalServiceKind,
  DashboardSummary,
  HostingService,
  Notification,
  ServerStatus,
  Transaction,
  UsageGb,
} from './types';

/**
 * The dashboard's data hooks: TanStack Query over `dashboardQueries`. Each returns the query result, so a page
 * shows skeletons while `data` is undefined, the error with Retry when the call failed, and its empty state
 * when the list is empty. `select` maps the API's answer to the pages' shapes (types.ts).
 */

function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

/**
 * Translates a text the API stored as a key with parameters: `messages.<key><suffix>` of the dashboard
 * namespace. A message without parameters reads its `_none` form when there is one (a sentence that does not
 * name the domain it does not know); a key this version of the app does not know reads as `fallback`, never
 * as a raw key.
 */
export function useMessageText() {
  const { t, i18n } = useTranslation('dashboard');
  const language = useLanguage();
  return useCallback(
    (message: Translatable, fallback: string, suffix = '') => {
      const key = `messages.${message.key}${suffix}`;
      const options = messageOptions(message.params, language);
      const known = /^[A-Za-z0-9.]+$/.test(message.key) && i18n.exists(key, { ns: 'dashboard', ...options });
      const general = `messages.${fallback}${suffix}`;
      return readStoredMessage(
        (values) => t(known ? key : general, values),
        options,
        () => t(general),
      );
    },
    [t, i18n, language],
  );
}

const ACTIVITY_KINDS: Record<ActivityAnswer['subjectType'], ActivityKind> = {
  service: 'hosting',
  domain: 'domain',
  payment: 'payment',
  invoice: 'payment',
  ticket: 'support',
  account: 'account',
};

function useTranslators() {
  const text = useMessageText();
  return useMemo(
    () => ({
      notification: (answer: NotificationAnswer): Notification => {
        const message = { key: `notifications.${answer.key}`, params: answer.params };
        return {
          id: answer.id,
          type: answer.type,
          read: answer.read,
          createdAt: answer.createdAt,
          title: text(message, 'notifications.unknown', '.title'),
          message: text(message, 'notifications.unknown', '.message'),
        };
      },
      activity: (answer: ActivityAnswer): Activity => ({
        id: answer.id,
        kind: ACTIVITY_KINDS[answer.subjectType],
        createdAt: answer.createdAt,
        description: text({ key: `activity.${answer.action}`, params: answer.params }, 'activity.unknown'),
      }),
      transaction: (answer: TransactionAnswer): Transaction => ({
        id: answer.id,
        createdAt: answer.date,
        amount: answer.amount,
        status: answer.status,
        method: answer.method,
        description: text(answer.description, 'transactions.unknown'),
      }),
    }),
    [text],
  );
}

const gb = (mb: number) => Math.round((mb / 1024) * 10) / 10;
const usageGb = (usage: Usage): UsageGb => ({
  used: gb(usage.usedMb),
  total: usage.totalMb === null ? null : gb(usage.totalMb),
});

function serverStatus(server: ServerSummary | null): ServerStatus | null {
  if (!server) return null;
  return {
    name: server.name,
    location: server.location,
    status: server.status,
    cpu: server.load?.cpuPercent ?? null,
    memory: server.load?.memoryPercent ?? null,
    uptime: server.uptimePercent,
  };
}

export function hostingService(answer: HostingAnswer): HostingService {
  return {
    id: answer.id,
    name: answer.name,
    domain: answer.domain ?? answer.name,
    plan: answer.plan.name,
    planId: answer.plan.id,
    status: answer.status,
    storage: usageGb(answer.storage),
    bandwidth: usageGb(answer.bandwidth),
    expiresAt: answer.expiresAt,
    autoRenew: answer.autoRenew,
    cancelRequestedAt: answer.cancelRequestedAt,
    price: answer.price,
    billingPeriod: answer.billingPeriod,
    pendingPlan: answer.pendingPlan,
    server: serverStatus(answer.server),
    setup: answer.setup,
    measurement: answer.measurement,
    measured: answer.measured,
  };
}

const EXTRA_KINDS: readonly AdditionalServiceKind[] = ['ssl', 'backup', 'email', 'security'];

function additionalService(answer: ServiceAnswer): AdditionalService {
  const extra = EXTRA_KINDS.find((kind) => answer.kind === 'extra' && answer.plan.id === kind);
  return {
    id: answer.id,
    kind: extra ?? 'other',
    serviceKind: answer.kind,
    planId: answer.plan.id,
    name: answer.name,
    domain: answer.domain ?? '',
    status: answer.status,
    expiresAt: answer.expiresAt,
    price: answer.price,
    billingPeriod: answer.billingPeriod,
    autoRenew: answer.autoRenew,
    cancelRequestedAt: answer.cancelRequestedAt,
    pendingPlan: answer.pendingPlan,
    server: answer.server ? { name: answer.server.name, location: answer.server.location } : null,
    setup: answer.setup,
  };
}

/** The home page: tiles, balance, expiring soon, recent activity and the latest notifications. */
export function useDashboardSummary() {
  const tr = useTranslators();
  const select = useCallback(
    (data: SummaryAnswer): DashboardSummary => ({
      counts: {
        hosting: data.counts.hosting,
        domains: data.counts.domains,
        services: data.counts.services,
        tickets: data.counts.openTickets,
      },
      balance: data.balance,
      expiringSoon: data.expiringSoon,
      activity: data.recentActivity.map(tr.activity),
      notifications: data.notifications.map(tr.notification),
      unreadNotifications: data.unreadNotifications,
    }),
    [tr],
  );
  // What the last visit showed, at once, until the fresh answer replaces it
  // (docs/decisions/047-interactive-from-first-paint.md).
  // Only when the cache has no answer yet: an answer read this visit (before the first render, first-data.ts, or on an
  // earlier page) is at least as fresh as what it kept, and taking the kept copy for the last visit's would mark it as
  // old, or, saved in the same millisecond, ask for it again.
  const accountId = useSession().user?.id;
  const client = useQueryClient();
  const kept = useMemo(
    () =>
      accountId === undefined || client.getQueryData(dashboardQueries.summary().queryKey) !== undefined
        ? null
        : keptAnswers.read<SummaryAnswer>(KEPT_SUMMARY, accountId),
    [accountId, client],
  );
  const query = useQuery({
    ...dashboardQueries.summary(),
    select,
    initialData: kept?.data,
    initialDataUpdatedAt: kept?.savedAt,
    // A kept answer is replaced on every visit, however recent it is.
    refetchOnMount: (current) => (kept && current.state.dataUpdatedAt === kept.savedAt ? 'always' : true),
  });
  // keptAt: when the figures on screen are the kept ones, the time they arrived; null once fresh ones replaced them.
  // hadKept: this visit started from kept figures.
  const keptAt = kept && query.dataUpdatedAt === kept.savedAt ? kept.savedAt : null;
  return Object.assign(query, { keptAt, hadKept: kept !== null });
}

export function useDashboardTrends() {
  return useQuery(dashboardQueries.trends());
}

export function useGettingStarted() {
  return useQuery(dashboardQueries.gettingStarted());
}

/** The customer's hosting services, each with the state of its server. */
export function useHostingServices() {
  return useQuery({
    ...dashboardQueries.hosting(),
    select: (data: HostingPage) => data.items.map(hostingService),
  });
}

/** The customer's other services: extras (SSL, backup, e-mail, security), game servers, VDS, dedicated. */
export function useAdditionalServices() {
  return useQuery({
    ...dashboardQueries.services(),
    select: (data: ServicePage) => data.items.map(additionalService),
  });
}

export function useDomains() {
  return useQuery({ ...dashboardQueries.domains(), select: (data: DomainPage) => data.items });
}

export function useBalance() {
  return useQuery({ ...dashboardQueries.balance(), select: (data) => data.balance });
}

/** One page of transactions, newest first; the previous page stays on screen while the next one loads. */
export function useTransactions(page: number, filters: TransactionFilters = {}) {
  const tr = useTranslators();
  const select = useCallback(
    (data: TransactionPage) => ({ total: data.total, items: data.items.map(tr.transaction) }),
    [tr],
  );
  return useQuery({
    ...dashboardQueries.transactions(page, undefined, filters),
    select,
    placeholderData: keepPreviousData,
  });
}

export function useInvoices(page: number) {
  return useQuery({ ...dashboardQueries.invoices(page), placeholderData: keepPreviousData });
}

/** The customer's tickets, most recently updated first. */
export function useSupportTickets() {
  return useQuery({ ...dashboardQueries.tickets(), select: (data: TicketPage) => data.items });
}

/** Every notification, newest first, in the reader's language. */
export function useNotifications() {
  const tr = useTranslators();
  const select = useCallback((data: NotificationPage) => data.items.map(tr.notification), [tr]);
  return useQuery({ ...dashboardQueries.notifications(), select });
}

/** Knowledge articles in the reader's language: the most viewed, or those matching `search`. */
export function useKnowledgeArticles(search: string) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const select = useCallback(
    (data: ArticlePage) =>
      data.items.map((article) => ({
        id: article.id,
        title: article.title,
        views: article.views,
        category: t(`support.kb.categories.${article.category}`),
      })),
    [t],
  );
  return useQuery({
    ...dashboardQueries.articles(language, search.trim()),
    select,
    placeholderData: keepPreviousData,
  });
}

export function useNotificationPreferences() {
  return useQuery(dashboardQueries.preferences());
}

/** The customer's game servers, VDS and dedicated servers (decision 053). */
export function useServers() {
  return useQuery({ ...dashboardQueries.servers(), select: (data: CustomerServerPage) => data.items });
}

/** One of the customer's servers. */
export function useServer(id: string) {
  return useQuery(dashboardQueries.server(id));
}
