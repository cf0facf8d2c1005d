import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/session';
import type { ListParams, ListSpec } from '../lib/use-table-controls';
import { type AdminListName, adminKeys } from './keys';
import type {
  AdminDomain,
  AdminHostingService,
  AdminOverview,
  AdminTransaction,
  AdminUser,
  BillingSummary,
  Paged,
  Server,
  ServerSummary,
} from './types';

/*
 * What each admin list can be sorted and filtered by, as the admin API accepts it (docs/product/api.md). The URL
 * holds the same names; a value the API does not know never leaves the browser.
 */
export const USER_LIST = {
  sorts: ['createdAt', 'lastLoginAt', 'name', 'email'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: { status: ['active', 'suspended'], role: ['0', '1'] },
} as const satisfies ListSpec;

export const HOSTING_LIST = {
  sorts: ['createdAt', 'expiresAt', 'domain'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: { status: ['active', 'suspended', 'expired'] },
} as const satisfies ListSpec;

export const DOMAIN_LIST = {
  sorts: ['registeredAt', 'expiresAt', 'name'],
  defaultSort: 'registeredAt',
  defaultDirection: 'desc',
  filters: { status: ['active', 'transferring', 'expired', 'graceperiod'] },
} as const satisfies ListSpec;

export const TRANSACTION_LIST = {
  sorts: ['createdAt', 'amount'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: { status: ['completed', 'pending', 'failed'] },
} as const satisfies ListSpec;

export const SERVER_LIST = {
  sorts: ['name', 'location'],
  defaultSort: 'name',
  defaultDirection: 'asc',
  filters: { status: ['active', 'maintenance'] },
} as const satisfies ListSpec;

/** The list state as the API's query string: search, filters, sort and order, page (1-based) and page size. */
export function listQuery(path: string, params: ListParams): string {
  const search = new URLSearchParams();
  if (params.search) search.set('search', params.search);
  for (const [name, value] of Object.entries(params.filters)) if (value) search.set(name, value);
  search.set('sort', params.sort);
  search.set('order', params.direction);
  search.set('page', String(params.page));
  search.set('pageSize', String(params.pageSize));
  return `${path}?${search.toString()}`;
}

const page = <Row>(name: AdminListName, path: string, params: ListParams) =>
  queryOptions({
    queryKey: adminKeys.page(name, params),
    queryFn: ({ signal }) => api.get<Paged<Row>>(listQuery(path, params), { signal }),
  });

/**
 * The admin API's reads as `queryOptions`: keys from `adminKeys`, calls through the app's one HTTP client
 * (Bearer token; an expired one is refreshed once and the call replayed).
 */
export const adminQueries = {
  overview: () =>
    queryOptions({
      queryKey: adminKeys.overview(),
      queryFn: ({ signal }) => api.get<AdminOverview>('/admin/overview', { signal }),
    }),
  users: (params: ListParams) => page<AdminUser>('users', '/admin/users', params),
  hosting: (params: ListParams) => page<AdminHostingService>('hosting', '/admin/hosting', params),
  domains: (params: ListParams) => page<AdminDomain>('domains', '/admin/domains', params),
  transactions: (params: ListParams) =>
    queryOptions({
      queryKey: adminKeys.page('transactions', params),
      queryFn: ({ signal }) =>
        api.get<Paged<AdminTransaction> & { summary: BillingSummary }>(listQuery('/admin/transactions', params), {
          signal,
        }),
    }),
  servers: (params: ListParams) =>
    queryOptions({
      queryKey: adminKeys.page('servers', params),
      queryFn: ({ signal }) =>
        api.get<Paged<Server> & { summary: ServerSummary }>(listQuery('/admin/servers', params), { signal }),
    }),
};
