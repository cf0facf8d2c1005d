import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../lib/use-table-controls';
import { adminQueries } from './queries';

/**
 * The back office's data hooks: TanStack Query over `adminQueries`. Lists are paged, searched, filtered and
 * sorted by the server; while the next page loads, the previous one stays on screen.
 */
export function useAdminOverview() {
  return useQuery(adminQueries.overview());
}

export function useAdminUsers(params: ListParams) {
  return useQuery({ ...adminQueries.users(params), placeholderData: keepPreviousData });
}

export function useAdminHosting(params: ListParams) {
  return useQuery({ ...adminQueries.hosting(params), placeholderData: keepPreviousData });
}

export function useAdminDomains(params: ListParams) {
  return useQuery({ ...adminQueries.domains(params), placeholderData: keepPreviousData });
}

export function useAdminTransactions(params: ListParams) {
  return useQuery({ ...adminQueries.transactions(params), placeholderData: keepPreviousData });
}

export function useAdminServers(params: ListParams) {
  return useQuery({ ...adminQueries.servers(params), placeholderData: keepPreviousData });
}
