import type {
  AccountSecurity,
  ArticleDetail,
  ArticlePage,
  Balance,
  InvoiceDetail,
  DashboardSummary as DashboardSummaryAnswer,
  DashboardTrends,
  GettingStarted,
  DomainDetail,
  DomainPage,
  HostingPage,
  InvoicePage,
  NotificationPage,
  OrderDetail,
  OrderPage,
  Preferences,
  ServicePage,
  SessionInfo,
  CustomerServer,
  CustomerServerPage,
  TicketDetail,
  TicketPage,
  TransactionPage,
  UnreadCount,
} from '@hostpilot/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, session } from '@/lib/session';
import { keptAnswers } from '@/lib/storage';
import { adoptEarlyAnswer } from './early-data';
import { dashboardKeys, type TransactionFilters } from './keys';

/** How many rows of transactions and of invoices the finance page shows at a time. */
export const FINANCE_PAGE_SIZE = 10 as const;
/**
 * The customer's own lists (hosting, services, domains, tickets, notifications) come in one page of the largest
 * size the API allows: a customer has a handful of each.
 */
export const OWN_LIST_SIZE = 50;

const path = (base: string, params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${base}?${text}` : base;
};

const get =
  <T>(url: string) =>
  ({ signal }: { signal: AbortSignal }) =>
    api.get<T>(url, { signal });

/** The name the dashboard summary's last answer is kept under for the next visit (`keptAnswers`). */
export const KEPT_SUMMARY = 'dashboard-summary';

/**
 * The customer API's reads (docs/product/api.md), as `queryOptions`: a key from `dashboardKeys` and a call
 * through the app's one HTTP client, which refreshes an expired access token once and replays the call.
 * Answers are typed by the shared contracts (packages/shared/src/api/customer.ts).
 */
export const dashboardQueries = {
  summary: () =>
    queryOptions({
      queryKey: dashboardKeys.summary(),
      // Started by the boot script with the dashboard's HTML, when it could (early-data.ts).
      queryFn: async ({ signal }) => {
        const answer =
          (await adoptEarlyAnswer<DashboardSummaryAnswer>('/dashboard/summary')) ??
          (await get<DashboardSummaryAnswer>('/dashboard/summary')({ signal }));
        // Kept for the next visit, which shows it at once (docs/decisions/047-interactive-from-first-paint.md).
        const accountId = session.getState().user?.id;
        if (accountId !== undefined) keptAnswers.write(KEPT_SUMMARY, accountId, answer);
        return answer;
      },
    }),
  /** Spending by month and hosting usage by day, for the home page's charts. */
  trends: () => queryOptions({ queryKey: dashboardKeys.trends(), queryFn: get<DashboardTrends>('/dashboard/trends') }),
  /** The first-run checklist as the account stands now. */
  gettingStarted: () =>
    queryOptions({
      queryKey: dashboardKeys.gettingStarted(),
      queryFn: get<GettingStarted>('/dashboard/getting-started'),
    }),
  hosting: () =>
    queryOptions({
      queryKey: dashboardKeys.hosting(),
      queryFn: get<HostingPage>(path('/hosting', { pageSize: OWN_LIST_SIZE })),
    }),
  services: () =>
    queryOptions({
      queryKey: dashboardKeys.services(),
      // The extras only: game servers, VDS and dedicated servers have their own section (decision 053).
      queryFn: get<ServicePage>(path('/services', { kind: 'extra', pageSize: OWN_LIST_SIZE })),
    }),
  servers: () =>
    queryOptions({
      queryKey: dashboardKeys.servers(),
      queryFn: get<CustomerServerPage>(path('/servers', { pageSize: OWN_LIST_SIZE })),
    }),
  server: (id: string) =>
    queryOptions({
      queryKey: dashboardKeys.server(id),
      queryFn: get<CustomerServer>(`/servers/${encodeURIComponent(id)}`),
    }),
  domains: () =>
    queryOptions({
      queryKey: dashboardKeys.domains(),
      queryFn: get<DomainPage>(path('/domains', { pageSize: OWN_LIST_SIZE })),
    }),
  domain: (id: string) =>
    queryOptions({
      queryKey: dashboardKeys.domain(id),
      queryFn: get<DomainDetail>(`/domains/${encodeURIComponent(id)}`),
    }),
  balance: () => queryOptions({ queryKey: dashboardKeys.balance(), queryFn: get<Balance>('/finance/balance') }),
  transactions: (page = 1, pageSize = FINANCE_PAGE_SIZE, filters: TransactionFilters = {}) =>
    queryOptions({
      queryKey: dashboardKeys.transactions(page, pageSize, filters),
      queryFn: get<TransactionPage>(path('/finance/transactions', { page, pageSize, ...filters })),
    }),
  invoices: (page = 1, pageSize = FINANCE_PAGE_SIZE) =>
    queryOptions({
      queryKey: dashboardKeys.invoices(page, pageSize),
      queryFn: get<InvoicePage>(path('/finance/invoices', { page, pageSize })),
    }),
  invoice: (id: string) =>
    queryOptions({
      queryKey: dashboardKeys.invoice(id),
      queryFn: get<InvoiceDetail>(`/finance/invoices/${encodeURIComponent(id)}`),
    }),
  orders: (page = 1, pageSize = FINANCE_PAGE_SIZE) =>
    queryOptions({
      queryKey: dashboardKeys.orders(page, pageSize),
      queryFn: get<OrderPage>(path('/orders', { page, pageSize })),
    }),
  order: (id: string) =>
    queryOptions({
      queryKey: dashboardKeys.order(id),
      queryFn: get<OrderDetail>(`/orders/${encodeURIComponent(id)}`),
    }),
  tickets: () =>
    queryOptions({
      queryKey: dashboardKeys.tickets(),
      queryFn: get<TicketPage>(path('/tickets', { pageSize: OWN_LIST_SIZE })),
    }),
  ticket: (id: string) =>
    queryOptions({
      queryKey: dashboardKeys.ticket(id),
      queryFn: get<TicketDetail>(`/tickets/${encodeURIComponent(id)}`),
    }),
  unreadCount: () =>
    queryOptions({ queryKey: dashboardKeys.unreadCount(), queryFn: get<UnreadCount>('/notifications/unread-count') }),
  notifications: () =>
    queryOptions({
      queryKey: dashboardKeys.notifications(),
      queryFn: get<NotificationPage>(path('/notifications', { pageSize: OWN_LIST_SIZE })),
    }),
  articles: (language: string, search: string) =>
    queryOptions({
      queryKey: dashboardKeys.articles(language, search),
      queryFn: get<ArticlePage>(path('/knowledge/articles', { lang: language, q: search, pageSize: 10 })),
    }),
  article: (id: string, language: string) =>
    queryOptions({
      queryKey: dashboardKeys.article(id, language),
      queryFn: get<ArticleDetail>(path(`/knowledge/articles/${encodeURIComponent(id)}`, { lang: language })),
      // Each reading counts a view on the server: a page open is read once, not again on every focus.
      staleTime: Infinity,
    }),
  preferences: () =>
    queryOptions({ queryKey: dashboardKeys.preferences(), queryFn: get<Preferences>('/users/me/preferences') }),
  security: () =>
    queryOptions({ queryKey: dashboardKeys.security(), queryFn: get<AccountSecurity>('/account/security') }),
  sessions: () => queryOptions({ queryKey: dashboardKeys.sessions(), queryFn: get<SessionInfo[]>('/auth/sessions') }),
};
