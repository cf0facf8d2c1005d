import {
  dashboardRoutes,
  billingAdminRoutes,
  orderingRoutes,
  usersAdminRoutes,
  DOMAIN_STATUSES,
  domainsAdminRoutes,
  PAYMENT_STATUSES,
  ROLE_NAMES,
  schedulerRoutes,
  SERVER_STATUSES,
  serversAdminRoutes,
  SERVICE_STATUSES,
  settingsRoutes,
  servicesAdminRoutes,
  USER_STATUSES,
} from '@hostpilot/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/session';
import { DAY_FILTER, type ListParams, type ListSpec } from '../lib/use-table-controls';
import { adminKeys } from './keys';

/*
 * What each admin list can be sorted and filtered by: the same fields and values the admin API accepts
 * (packages/shared/src/api/admin.ts), so a value the API would refuse never leaves the browser. The URL uses
 * these names too.
 */
export const USER_LIST = {
  sorts: ['createdAt', 'lastSignInAt', 'name', 'email'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: { status: USER_STATUSES, role: ROLE_NAMES, registeredFrom: DAY_FILTER, registeredTo: DAY_FILTER },
} as const satisfies ListSpec;

export const HOSTING_LIST = {
  sorts: ['expiresAt', 'createdAt', 'domain'],
  defaultSort: 'expiresAt',
  defaultDirection: 'asc',
  filters: { status: SERVICE_STATUSES },
} as const satisfies ListSpec;

export const DOMAIN_LIST = {
  sorts: ['expiresAt', 'registeredAt', 'name'],
  defaultSort: 'expiresAt',
  defaultDirection: 'asc',
  filters: { status: DOMAIN_STATUSES },
} as const satisfies ListSpec;

export const TRANSACTION_LIST = {
  sorts: ['createdAt', 'amount'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: { status: PAYMENT_STATUSES },
} as const satisfies ListSpec;

export const SERVER_LIST = {
  sorts: ['name', 'location', 'services'],
  defaultSort: 'name',
  defaultDirection: 'asc',
  filters: { status: SERVER_STATUSES },
} as const satisfies ListSpec;

/**
 * The list state as the API's list query (the list-query contract): q, filters, sort, order, page, pageSize, after
 * the `fixed` values; a call of the endpoint table leaves out the empty ones. Typed as the query of a list's endpoint
 * entry for `api.call` (docs/decisions/068-typed-endpoint-contract.md): its sorts and filters are the list's spec
 * above, which holds the values the entry's schema accepts.
 */
export function listSearch<Query = Record<string, string | number>>(
  params: ListParams,
  fixed: Record<string, string> = {},
): Query {
  const query: Record<string, string | number> = { ...fixed };
  if (params.search) query.q = params.search;
  for (const [name, value] of Object.entries(params.filters)) if (value) query[name] = value;
  query.sort = params.sort;
  query.order = params.direction;
  query.page = params.page;
  query.pageSize = params.pageSize;
  return query as Query;
}

/** The list state as the API's query string, below `path`. */
export function listQuery(path: string, params: ListParams, fixed: Record<string, string> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(listSearch(params, fixed))) search.set(name, String(value));
  return `${path}?${search.toString()}`;
}

/**
 * The admin API's reads as `queryOptions`: keys from `adminKeys`, calls through the app's one HTTP client
 * (Bearer token; an expired one is refreshed once and the call replayed).
 */
export const adminQueries = {
  overview: () =>
    queryOptions({
      queryKey: adminKeys.overview(),
      queryFn: ({ signal }) => api.call(dashboardRoutes.getAdminOverview, { signal }),
    }),
  /** The overview's charts: figures per day of the last `days` days. */
  trends: (days: number) =>
    queryOptions({
      queryKey: adminKeys.trends(days),
      queryFn: ({ signal }) => api.call(dashboardRoutes.getAdminOverviewTrends, { query: { days }, signal }),
    }),
  /** What the caller's role may do now, read from the database by the API: the pages hide what it cannot. */
  permissions: () =>
    queryOptions({
      queryKey: adminKeys.permissions(),
      queryFn: ({ signal }) => api.call(dashboardRoutes.getAdminMePermissions, { signal }),
      staleTime: 60_000,
    }),
  users: (params: ListParams) =>
    queryOptions({
      queryKey: adminKeys.page('users', params),
      queryFn: ({ signal }) =>
        api.call(usersAdminRoutes.getAdminUsers, {
          query: listSearch(params),
          signal,
        }),
    }),
  hosting: (params: ListParams) =>
    queryOptions({
      queryKey: adminKeys.page('hosting', params),
      queryFn: ({ signal }) =>
        api.call(servicesAdminRoutes.getAdminServices, { query: listSearch(params, { kind: 'hosting' }), signal }),
    }),
  domains: (params: ListParams) =>
    queryOptions({
      queryKey: adminKeys.page('domains', params),
      queryFn: ({ signal }) => api.call(domainsAdminRoutes.getAdminDomains, { query: listSearch(params), signal }),
    }),
  transactions: (params: ListParams) =>
    queryOptions({
      queryKey: adminKeys.page('transactions', params),
      queryFn: ({ signal }) =>
        api.call(billingAdminRoutes.getAdminTransactions, {
          query: listSearch(params),
          signal,
        }),
    }),
  servers: (params: ListParams) =>
    queryOptions({
      queryKey: adminKeys.page('servers', params),
      queryFn: ({ signal }) => api.call(serversAdminRoutes.getAdminServers, { query: listSearch(params), signal }),
    }),
  /** The active shared servers with their free slots, for Add New Hosting and Edit (decision 033). */
  placement: () =>
    queryOptions({
      queryKey: adminKeys.placement(),
      queryFn: ({ signal }) => api.call(servicesAdminRoutes.getAdminServicesPlacement, { signal }),
    }),
  scheduler: () =>
    queryOptions({
      queryKey: adminKeys.scheduler(),
      queryFn: ({ signal }) => api.call(schedulerRoutes.getAdminScheduler, { signal }),
    }),
  automation: () =>
    queryOptions({
      queryKey: adminKeys.automation(),
      queryFn: ({ signal }) => api.call(schedulerRoutes.getAdminSettingsAutomation, { signal }),
    }),
  /** "New orders need approval" (docs/decisions/032-ordering-and-checkout.md). */
  orderSettings: () =>
    queryOptions({
      queryKey: adminKeys.orderSettings(),
      queryFn: ({ signal }) => api.call(orderingRoutes.getAdminOrdersSettings, { signal }),
    }),
  /** "Require two-factor sign-in for staff" (docs/decisions/023-two-factor-sign-in.md). */
  securitySettings: () =>
    queryOptions({
      queryKey: adminKeys.securitySettings(),
      queryFn: ({ signal }) => api.call(settingsRoutes.getAdminSettingsSecurity, { signal }),
    }),
  /** The System Settings (docs/decisions/034-system-settings-and-mail.md); never the SMTP password. */
  systemSettings: () =>
    queryOptions({
      queryKey: adminKeys.systemSettings(),
      queryFn: ({ signal }) => api.call(settingsRoutes.getAdminSettings, { signal }),
    }),
  /** One mail of the outbox. */
  outboxMail: (id: string) =>
    queryOptions({
      queryKey: adminKeys.outboxMail(id),
      queryFn: ({ signal }) => api.call(settingsRoutes.getAdminOutboxItem, { params: { id }, signal }),
    }),
  /** The status history of a service or a domain (docs/decisions/030-lifecycle-automation.md). */
  history: (entity: 'services' | 'domains', id: string) =>
    queryOptions({
      queryKey: adminKeys.history(entity, id),
      queryFn: ({ signal }) =>
        api.call(
          entity === 'services' ? schedulerRoutes.getAdminServicesHistory : schedulerRoutes.getAdminDomainsHistory,
          {
            params: { id },
            signal,
          },
        ),
    }),
};
