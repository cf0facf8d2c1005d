import { certificatesRoutes } from '@hostpilot/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import type { ListParams } from '../lib/use-table-controls';
import { adminKeys } from './keys';
import { listSearch } from './queries';

/**
 * The certificates' back office (docs/decisions/049-certificates-through-acme.md): the list, with the view
 * (all, failed, expiring) in the URL, and Retry.
 */
export function useAdminCertificates(params: ListParams) {
  return useQuery({
    queryKey: adminKeys.page('certificates', params),
    queryFn: ({ signal }) => api.call(certificatesRoutes.getAdminCertificates, { query: listSearch(params), signal }),
    placeholderData: keepPreviousData,
  });
}

/** Retry one certificate; the list, the task queue and the audit log are read again after. */
export function useRetryCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(certificatesRoutes.postAdminCertificatesRetry, { params: { id } }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.list('certificates') }),
        client.invalidateQueries({ queryKey: adminKeys.list('provisioning') }),
        client.invalidateQueries({ queryKey: adminKeys.list('audit') }),
      ]),
  });
}
