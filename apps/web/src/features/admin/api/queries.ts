import {
  type AutomationSettings,
  type SecuritySettings,
  type OutboxMailView,
  type SystemSettingsView,
  type SchedulerStatus,
  type StatusHistory,
  type AdminDomainsPage,
  type AdminOverview as OverviewAnswer,
  type AdminTrends,
  type AdminPlacement,
  type AdminPermissions,
  type AdminServersPage,
  type AdminServicesPage,
  type AnyRoute,
  billingAdminRoutes,
  type EndpointQuery,
  type EntryOf,
  orderingRoutes,
  usersAdminRoutes,
  DOMAIN_STATUSES,
  PAYMENT_STATUSES,
  ROLE_NAMES,
  SERVER_STATUSES,
  SERVICE_STATUSES,
  USER_STATUSES,
} from '@hostpilot/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/session';
import { DAY_FILTER, type ListParams, type ListSpec } from '../lib/use-table-controls';
import { type AdminListName, adminKeys } from './keys';

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

/** The list state as the API's query string (the list-query contract): q, filters, sort, order, page, pageSize. */
export function listQuery(path: string, params: ListParams, fixed: Record<string, string> = {}): string {
  const search = new URLSearchParams(fixed);
  if (params.search) search.set('q', params.search);
  for (const [name, value] of Object.entries(params.filters)) if (value) search.set(name, value);
  search.set('sort', params.sort);
  search.set('order', params.direction);
  search.set('page', String(params.page));
  search.set('pageSize', String(params.pageSize));
  return `${path}?${search.toString()}`;
}

/**
 * The list state as the query of a list's endpoint table entry: the same names, values and order as `listQuery`
 * (the API validates them, as it does the URL's).
 */
export function listQueryOf<R extends AnyRoute>(
  _route: R,
  params: ListParams,
  fixed: Record<string, string> = {},
): NonNullable<EndpointQuery<EntryOf<R>>> {
  const query: Record<string, string | number> = { ...fixed };
  if (params.search) query.q = params.search;
  for (const [name, value] of Object.entries(params.filters)) if (value) query[name] = value;
  Object.assign(query, {
    sort: params.sort,
    order: params.direction,
    page: params.page,
    pageSize: params.pageSize,
  });
  return query as NonNullable<EndpointQuery<EntryOf<R>>>;
}

const page = <Answer>(name: AdminListName, path: string, params: ListParams, fixed?: Record<string, string>) =>
  queryOptions({
    queryKey: adminKeys.page(name, params),
    queryFn: ({ signal }) => api.get<Answer>(listQuery(path, params, fixed), { signal }),
  });

/**
 * The admin API's reads as `queryOptions`: keys from `adminKeys`, calls through the app's one HTTP client
 * (Bearer token; an expired one is refreshed once and the call replayed).
 */
export const adminQueries = {
  overview: () =>
    queryOptions({
      queryKey: adminKeys.overview(),
      queryFn: ({ signal }) => api.get<OverviewAnswer>('/admin/overview', { signal }),
    }),
  /** The overview's charts: figures per day of the last `days` days. */
  trends: (days: number) =>
    queryOptions({
      queryKey: adminKeys.trends(days),
      queryFn: ({ signal }) => api.get<AdminTrends>(`/admin/overview/trends?days=${days}`, { signal }),
    }),
  /** What the caller's role may do now, read from the database by the API: the pages hide what it cannot. */
  permissions: () =>
    queryOptions({
      queryKey: adminKeys.permissions(),
      queryFn: ({ signal }) => api.get<AdminPermissions>('/admin/me/permissions', { signal }),
      staleTime: 60_000,
    }),
  users: (params: ListParams) =>
    queryOptions({
      queryKey: adminKeys.page('users', params),
      queryFn: ({ signal }) =>
        api.call(usersAdminRoutes.getAdminUsers, {
          query: listQueryOf(usersAdminRoutes.getAdminUsers, params),
          signal,
        }),
    }),
  hosting: (params: ListParams) => page<AdminServicesPage>('hosting', '/admin/services', params, { kind: 'hosting' }),
  domains: (params: ListParams) => page<AdminDomainsPage>('domains', '/admin/domains', params),
  transactions: (params: ListParams) =>
    queryOptions({
      queryKey: adminKeys.page('transactions', params),
      queryFn: ({ signal }) =>
        api.call(billingAdminRoutes.getAdminTransactions, {
          query: listQueryOf(billingAdminRoutes.getAdminTransactions, params),
          signal,
        }),
    }),
  servers: (params: ListParams) => page<AdminServersPage>('servers', '/admin/servers', params),
  /** The active shared servers with their free slots, for Add New Hosting and Edit (decision 033). */
  placement: () =>
    queryOptions({
      queryKey: adminKeys.placement(),
      queryFn: ({ signal }) => api.get<AdminPlacement>('/admin/services/placement', { signal }),
    }),
  scheduler: () =>
    queryOptions({
      queryKey: adminKeys.scheduler(),
      queryFn: ({ signal }) => api.get<SchedulerStatus>('/admin/scheduler', { signal }),
    }),
  automation: () =>
    queryOptions({
      queryKey: adminKeys.automation(),
      queryFn: ({ signal }) => api.get<AutomationSettings>('/admin/settings/automation', { signal }),
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
      queryFn: ({ signal }) => api.get<SecuritySettings>('/admin/settings/security', { signal }),
    }),
  /** The System Settings (docs/decisions/034-system-settings-and-mail.md); never the SMTP password. */
  systemSettings: () =>
    queryOptions({
      queryKey: adminKeys.systemSettings(),
      queryFn: ({ signal }) => api.get<SystemSettingsView>('/admin/settings', { signal }),
    }),
  /** One mail of the outbox. */
  outboxMail: (id: string) =>
    queryOptions({
      queryKey: adminKeys.outboxMail(id),
      queryFn: ({ signal }) => api.get<OutboxMailView>(`/admin/outbox/${encodeURIComponent(id)}`, { signal }),
    }),
  /** The status history of a service or a domain (docs/decisions/030-lifecycle-automation.md). */
  history: (entity: 'services' | 'domains', id: string) =>
    queryOptions({
      queryKey: adminKeys.history(entity, id),
      queryFn: ({ signal }) => api.get<StatusHistory>(`/admin/${entity}/${id}/history`, { signal }),
    }),
};
