import {
  accountRoutes,
  billingRoutes,
  dashboardRoutes,
  type DashboardSummary as DashboardSummaryAnswer,
  domainsRoutes,
  type AnyRoute,
  type EntryOf,
  knowledgeRoutes,
  notificationsRoutes,
  orderingRoutes,
  servicesRoutes,
  supportRoutes,
  usersRoutes,
} from '@hostpilot/shared';
import { queryOptions } from '@tanstack/react-query';
import type { CallInput } from '@/lib/http';
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

/** A `queryFn` calling one endpoint table entry, with the query's abort signal. */
const read =
  <R extends AnyRoute>(entry: R, input?: CallInput<EntryOf<R>>) =>
  ({ signal }: { signal: AbortSignal }) =>
    api.call(entry, { ...input, signal } as CallInput<EntryOf<R>>);

/** The name the dashboard summary's last answer is kept under for the next visit (`keptAnswers`). */
export const KEPT_SUMMARY = 'dashboard-summary';

/**
 * The customer API's reads (docs/product/api.md), as `queryOptions`: a key from `dashboardKeys` and a call
 * through the app's one HTTP client, which refreshes an expired access token once and replays the call.
 * Paths and answers come from the endpoint table (packages/shared/src/endpoints).
 */
export const dashboardQueries = {
  summary: () =>
    queryOptions({
      queryKey: dashboardKeys.summary(),
      // Started by the boot script with the dashboard's HTML, when it could (early-data.ts).
      queryFn: async ({ signal }) => {
        const answer =
          (await adoptEarlyAnswer<DashboardSummaryAnswer>('/dashboard/summary')) ??
          (await api.call(dashboardRoutes.getDashboardSummary, { signal }));
        // Kept for the next visit, which shows it at once (docs/decisions/047-interactive-from-first-paint.md).
        const accountId = session.getState().user?.id;
        if (accountId !== undefined) keptAnswers.write(KEPT_SUMMARY, accountId, answer);
        return answer;
      },
    }),
  /** Spending by month and hosting usage by day, for the home page's charts. */
  trends: () => queryOptions({ queryKey: dashboardKeys.trends(), queryFn: read(dashboardRoutes.getDashboardTrends) }),
  /** The first-run checklist as the account stands now. */
  gettingStarted: () =>
    queryOptions({
      queryKey: dashboardKeys.gettingStarted(),
      queryFn: read(dashboardRoutes.getDashboardGettingStarted),
    }),
  hosting: () =>
    queryOptions({
      queryKey: dashboardKeys.hosting(),
      queryFn: read(servicesRoutes.getHosting, { query: { pageSize: OWN_LIST_SIZE } }),
    }),
  services: () =>
    queryOptions({
      queryKey: dashboardKeys.services(),
      // The extras only: game servers, VDS and dedicated servers have their own section (decision 053).
      queryFn: read(servicesRoutes.getServices, { query: { kind: 'extra', pageSize: OWN_LIST_SIZE } }),
    }),
  servers: () =>
    queryOptions({
      queryKey: dashboardKeys.servers(),
      queryFn: read(servicesRoutes.getServers, { query: { pageSize: OWN_LIST_SIZE } }),
    }),
  server: (id: string) =>
    queryOptions({
      queryKey: dashboardKeys.server(id),
      queryFn: read(servicesRoutes.getServersItem, { params: { id } }),
    }),
  domains: () =>
    queryOptions({
      queryKey: dashboardKeys.domains(),
      queryFn: read(domainsRoutes.getDomains, { query: { pageSize: OWN_LIST_SIZE } }),
    }),
  domain: (id: string) =>
    queryOptions({
      queryKey: dashboardKeys.domain(id),
      queryFn: read(domainsRoutes.getDomainsItem, { params: { id } }),
    }),
  balance: () => queryOptions({ queryKey: dashboardKeys.balance(), queryFn: read(billingRoutes.getFinanceBalance) }),
  transactions: (page = 1, pageSize = FINANCE_PAGE_SIZE, filters: TransactionFilters = {}) =>
    queryOptions({
      queryKey: dashboardKeys.transactions(page, pageSize, filters),
      queryFn: read(billingRoutes.getFinanceTransactions, { query: { page, pageSize, ...filters } }),
    }),
  invoices: (page = 1, pageSize = FINANCE_PAGE_SIZE) =>
    queryOptions({
      queryKey: dashboardKeys.invoices(page, pageSize),
      queryFn: read(billingRoutes.getFinanceInvoices, { query: { page, pageSize } }),
    }),
  invoice: (id: string) =>
    queryOptions({
      queryKey: dashboardKeys.invoice(id),
      queryFn: read(billingRoutes.getFinanceInvoicesItem, { params: { id } }),
    }),
  orders: (page = 1, pageSize = FINANCE_PAGE_SIZE) =>
    queryOptions({
      queryKey: dashboardKeys.orders(page, pageSize),
      queryFn: read(orderingRoutes.getOrders, { query: { page, pageSize } }),
    }),
  order: (id: string) =>
    queryOptions({
      queryKey: dashboardKeys.order(id),
      queryFn: read(orderingRoutes.getOrdersItem, { params: { id } }),
    }),
  tickets: () =>
    queryOptions({
      queryKey: dashboardKeys.tickets(),
      queryFn: read(supportRoutes.getTickets, { query: { pageSize: OWN_LIST_SIZE } }),
    }),
  ticket: (id: string) =>
    queryOptions({
      queryKey: dashboardKeys.ticket(id),
      queryFn: read(supportRoutes.getTicketsItem, { params: { id } }),
    }),
  unreadCount: () =>
    queryOptions({
      queryKey: dashboardKeys.unreadCount(),
      queryFn: read(notificationsRoutes.getNotificationsUnreadCount),
    }),
  notifications: () =>
    queryOptions({
      queryKey: dashboardKeys.notifications(),
      queryFn: read(notificationsRoutes.getNotifications, { query: { pageSize: OWN_LIST_SIZE } }),
    }),
  articles: (language: string, search: string) =>
    queryOptions({
      queryKey: dashboardKeys.articles(language, search),
      queryFn: read(knowledgeRoutes.getKnowledgeArticles, { query: { lang: language, q: search, pageSize: 10 } }),
    }),
  article: (id: string, language: string) =>
    queryOptions({
      queryKey: dashboardKeys.article(id, language),
      queryFn: read(knowledgeRoutes.getKnowledgeArticlesItem, { params: { id }, query: { lang: language } }),
      // Each reading counts a view on the server: a page open is read once, not again on every focus.
      staleTime: Infinity,
    }),
  preferences: () =>
    queryOptions({ queryKey: dashboardKeys.preferences(), queryFn: read(usersRoutes.getUsersMePreferences) }),
  security: () => queryOptions({ queryKey: dashboardKeys.security(), queryFn: read(accountRoutes.getAccountSecurity) }),
  sessions: () => queryOptions({ queryKey: dashboardKeys.sessions(), queryFn: read(accountRoutes.getAuthSessions) }),
};
