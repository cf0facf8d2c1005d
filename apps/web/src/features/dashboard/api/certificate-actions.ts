import { type Certificate, type CertificateKeyType, certificatesRoutes } from '@hostpilot/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveFile } from '@/lib/save-file';
import { api } from '@/lib/session';
import { dashboardKeys } from './keys';

/**
 * A service's SSL certificate (docs/decisions/049-certificates-through-acme.md): read while it is on its way
 * (polled until issued or failed), its downloads, Reissue and Revoke.
 */

const at = (serviceId: string) => ({ params: { id: serviceId } });
/** The states in which the certificate is on its way: the page looks again until it settles. */
const WORKING: readonly Certificate['status'][] = ['ordered', 'validating', 'renewing'];

export const certificateQuery = (serviceId: string) =>
  queryOptions({
    queryKey: dashboardKeys.certificate(serviceId),
    queryFn: ({ signal }) => api.call(certificatesRoutes.getServicesCertificate, { ...at(serviceId), signal }),
    refetchInterval: (query) => (query.state.data && WORKING.includes(query.state.data.status) ? 3000 : false),
  });

export const certificateWorking = (certificate: Certificate) => WORKING.includes(certificate.status);

function useRefresh(serviceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dashboardKeys.certificate(serviceId) });
}

/** Downloads the certificate with its chain (PEM), the current one or an earlier serial still valid. */
export function useCertificateDownload(serviceId: string) {
  return useMutation({
    mutationFn: async (serial?: string) =>
      saveFile(
        await api.downloadFrom(certificatesRoutes.getServicesCertificatePem, {
          ...at(serviceId),
          query: { serial },
        }),
      ),
  });
}

/** Downloads the private key; the API checks the password again first. */
export function useCertificateKeyDownload(serviceId: string) {
  return useMutation({
    mutationFn: async (password: string) =>
      saveFile(
        await api.downloadFrom(certificatesRoutes.postServicesCertificateKey, {
          ...at(serviceId),
          body: { password },
        }),
      ),
  });
}

export function useReissueCertificate(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: (keyType: CertificateKeyType) =>
      api.call(certificatesRoutes.postServicesCertificateReissue, { ...at(serviceId), body: { keyType } }),
    onSuccess: refresh,
  });
}

export function useRevokeCertificate(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: () => api.call(certificatesRoutes.postServicesCertificateRevoke, at(serviceId)),
    onSuccess: refresh,
  });
}
