import { servicesRoutes } from '@hostpilot/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/http';
import { api } from '@/lib/session';
import { dashboardKeys } from './keys';
import { hostingService } from './use-dashboard-data';

/**
 * A hosting service's own panel and its databases (docs/decisions/055-web-node-agent.md). A password comes back
 * once, in the answer of create or reset: it is handed to the page and kept in no cache.
 */

/** One hosting service, shaped like the hosting list's cards; looked at again while it is being set up. */
export const hostingServiceQuery = (serviceId: string) =>
  queryOptions({
    queryKey: dashboardKeys.hostingService(serviceId),
    queryFn: ({ signal }) => api.call(servicesRoutes.getHostingItem, { params: { id: serviceId }, signal }),
    select: hostingService,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 5000 : false),
  });

/** The site's databases, the plan's limit and how to connect; asked for only once the site is active. */
export const hostingDatabasesQuery = (serviceId: string, enabled = true) =>
  queryOptions({
    queryKey: dashboardKeys.hostingDatabases(serviceId),
    queryFn: ({ signal }) => api.call(servicesRoutes.getHostingDatabases, { params: { id: serviceId }, signal }),
    enabled,
  });

/** The databases' 409: the site is not made on its node yet (or is on none), a state to explain, not an error. */
export const notReady = (error: unknown) => error instanceof ApiError && error.status === 409;

function useRefreshDatabases(serviceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dashboardKeys.hostingDatabases(serviceId) });
}

/** Creates a database and its user: answers the credentials with the password, this once. */
export function useCreateDatabase(serviceId: string) {
  const refresh = useRefreshDatabases(serviceId);
  return useMutation({
    mutationFn: (name: string) =>
      api.call(servicesRoutes.postHostingDatabases, { params: { id: serviceId }, body: { name } }),
    onSuccess: refresh,
    // The answer holds the password: forgotten as soon as the page lets go of it.
    gcTime: 0,
  });
}

/** A new password for a database's user; the old one stops working. */
export function useResetDatabasePassword(serviceId: string) {
  return useMutation({
    mutationFn: (name: string) =>
      api.call(servicesRoutes.postHostingDatabasesPassword, { params: { id: serviceId, name } }),
    gcTime: 0,
  });
}

export function useDeleteDatabase(serviceId: string) {
  const refresh = useRefreshDatabases(serviceId);
  return useMutation({
    mutationFn: (name: string) =>
      api.call(servicesRoutes.deleteHostingDatabasesItem, { params: { id: serviceId, name } }),
    onSuccess: refresh,
  });
}

/**
 * The site's main and addon domains and the plan's limit (docs/decisions/069-addon-domains.md); looked at again
 * while one is being added or removed on the web node.
 */
export const hostingDomainsQuery = (serviceId: string) =>
  queryOptions({
    queryKey: dashboardKeys.hostingDomains(serviceId),
    queryFn: ({ signal }) => api.call(servicesRoutes.getHostingDomains, { params: { id: serviceId }, signal }),
    refetchInterval: (query) => (query.state.data?.domains.some((domain) => domain.status !== 'active') ? 5000 : false),
  });

function useRefreshDomains(serviceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dashboardKeys.hostingDomains(serviceId) });
}

/** Adds an addon domain; the server checks the name, the plan's limit and who else uses it. */
export function useAddDomain(serviceId: string) {
  const refresh = useRefreshDomains(serviceId);
  return useMutation({
    mutationFn: (name: string) =>
      api.call(servicesRoutes.postHostingDomains, { params: { id: serviceId }, body: { name } }),
    onSuccess: refresh,
  });
}

export function useRemoveDomain(serviceId: string) {
  const refresh = useRefreshDomains(serviceId);
  return useMutation({
    mutationFn: (name: string) =>
      api.call(servicesRoutes.deleteHostingDomainsItem, { params: { id: serviceId, name } }),
    onSuccess: refresh,
  });
}
