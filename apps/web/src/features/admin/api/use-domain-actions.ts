import type {
  AdminDnsRecordList,
  AdminDomain,
  AdminDomainCreateInput,
  AdminDomainTransferResult,
} from '@hostpilot/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import { adminKeys } from './keys';

/**
 * The back office's domain actions (docs/decisions/033-hosting-and-domain-administration.md, "Domains"): add a
 * domain for a customer, its DNS records, transfer out and delete. Each change refreshes every page of the domain
 * list, the overview and the audit log.
 */

const segment = encodeURIComponent;

export const domainRecordsKey = (id: string) => [...adminKeys.list('domains'), 'dns-records', id] as const;
export const domainRecordsPath = (id: string) => `/admin/domains/${segment(id)}/dns-records`;

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
    mutationFn: (input: AdminDomainCreateInput) => api.post<AdminDomain>('/admin/domains', input),
    onSuccess: refresh,
  });
}

/** A domain's DNS records, as staff see them. */
export function useDomainRecords(id: string) {
  return useQuery({
    queryKey: domainRecordsKey(id),
    queryFn: () => api.get<AdminDnsRecordList>(domainRecordsPath(id)),
  });
}

export function useTransferDomain() {
  const refresh = useRefreshDomains();
  return useMutation({
    mutationFn: (id: string) => api.post<AdminDomainTransferResult>(`/admin/domains/${segment(id)}/transfer`),
    onSuccess: refresh,
  });
}

export function useDeleteDomain() {
  const refresh = useRefreshDomains();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: string; confirm: string }) =>
      api.request('DELETE', `/admin/domains/${segment(id)}`, { body: { confirm } }),
    onSuccess: refresh,
  });
}
