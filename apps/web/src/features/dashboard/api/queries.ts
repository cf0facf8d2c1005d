import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/session';
import { dashboardKeys } from './keys';
import type {
  AdditionalService,
  DashboardSummaryRecord,
  Domain,
  HostingService,
  Invoice,
  KnowledgeArticle,
  Money,
  NotificationPreferences,
  NotificationRecord,
  Paged,
  SupportTicket,
  TransactionRecord,
} from './types';

/** How many rows of transactions and of invoices the finance page shows at a time. */
export const FINANCE_PAGE_SIZE = 10 as const;

const query = (path: string, params?: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

/**
 * The customer API's reads (docs/product/api.md), as `queryOptions`: a key from `dashboardKeys` and a call
 * through the app's one HTTP client, which refreshes an expired access token once and replays the call.
 */
export const dashboardQueries = {
  summary: () =>
    queryOptions({
      queryKey: dashboardKeys.summary(),
      queryFn: ({ signal }) => api.get<DashboardSummaryRecord>('/dashboard/summary', { signal }),
    }),
  hosting: () =>
    queryOptions({
      queryKey: dashboardKeys.hosting(),
      queryFn: ({ signal }) => api.get<{ items: HostingService[] }>('/hosting', { signal }),
    }),
  services: () =>
    queryOptions({
      queryKey: dashboardKeys.services(),
      queryFn: ({ signal }) => api.get<{ items: AdditionalService[] }>('/services', { signal }),
    }),
  domains: () =>
    queryOptions({
      queryKey: dashboardKeys.domains(),
      queryFn: ({ signal }) => api.get<{ items: Domain[] }>('/domains', { signal }),
    }),
  balance: () =>
    queryOptions({
      queryKey: dashboardKeys.balance(),
      queryFn: ({ signal }) => api.get<{ balance: Money }>('/finance/balance', { signal }),
    }),
  transactions: (page = 1, pageSize = FINANCE_PAGE_SIZE) =>
    queryOptions({
      queryKey: dashboardKeys.transactions(page, pageSize),
      queryFn: ({ signal }) =>
        api.get<Paged<TransactionRecord>>(query('/finance/transactions', { page, pageSize }), { signal }),
    }),
  invoices: (page = 1, pageSize = FINANCE_PAGE_SIZE) =>
    queryOptions({
      queryKey: dashboardKeys.invoices(page, pageSize),
      queryFn: ({ signal }) => api.get<Paged<Invoice>>(query('/finance/invoices', { page, pageSize }), { signal }),
    }),
  tickets: () =>
    queryOptions({
      queryKey: dashboardKeys.tickets(),
      queryFn: ({ signal }) => api.get<{ items: SupportTicket[] }>('/tickets', { signal }),
    }),
  notifications: () =>
    queryOptions({
      queryKey: dashboardKeys.notifications(),
      queryFn: ({ signal }) => api.get<{ items: NotificationRecord[] }>('/notifications', { signal }),
    }),
  articles: (language: string, search: string) =>
    queryOptions({
      queryKey: dashboardKeys.articles(language, search),
      queryFn: ({ signal }) =>
        api.get<{ items: KnowledgeArticle[] }>(query('/knowledge/articles', { lang: language, q: search }), {
          signal,
        }),
    }),
  preferences: () =>
    queryOptions({
      queryKey: dashboardKeys.preferences(),
      queryFn: ({ signal }) => api.get<NotificationPreferences>('/preferences', { signal }),
    }),
};
