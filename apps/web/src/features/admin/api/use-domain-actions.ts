import { type AdminDomainCreateInput, domainsAdminRoutes, endpointUrl } from '@hostpilot/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import { adminKeys } from './keys';

/**
 * The back office's domain actions (docs/decisions/033-hosting-and-domain-administration.md, "Domains"): add a
 * domain for a customer, its DNS records, transfer out and delete. Each change refreshes every page of the domain
 * list, the overview and the audit log.
 */

export const domainRecordsKey = (id: string) => [...adminKeys.list('domains'), 'dns-records', id] as const;
/** The staff path of a domain's DNS records, for the DNS editor shared with the dashboard (lib/dns-records.ts). */
export const domainRecordsPath = (id: string) => endpointUrl(domainsAdminRoutes.getAdminDomainsDnsRecords, { id });

export function useRefreshDomains() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.list('domains') }),
      client.invalidateQueries({ queryKey: adminKeys.overview() }),
      client.invalidateQueries({ queryKey: adminKeys.list('audit') }),
    ]);
}

export function useAddDomain() {
  const refresh = useRefreshDomains();
  return useMutation({
    mutationFn: (input: AdminDomainCreateInput) => api.call(domainsAdminRoutes.postAdminDomains, { body: input }),
    onSuccess: refresh,
  });
}

/** A domain's DNS records, as staff see them. */
export function useDomainRecords(id: string) {
  return useQuery({
    queryKey: domainRecordsKey(id),
    queryFn: ({ signal }) => api.call(domainsAdminRoutes.getAdminDomainsDnsRecords, { params: { id }, signal }),
  });
}

export function useTransferDomain() {
  const refresh = useRefreshDomains();
  return useMutation({
    mutationFn: (id: string) => api.call(domainsAdminRoutes.postAdminDomainsTransfer, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useDeleteDomain() {
  const refresh = useRefreshDomains();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: string; confirm: string }) =>
      api.call(domainsAdminRoutes.deleteAdminDomainsItem, { params: { id }, body: { confirm } }),
    onSuccess: refresh,
  });
}
