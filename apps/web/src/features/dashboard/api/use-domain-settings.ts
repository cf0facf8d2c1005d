import { domainsRoutes, type NameserversRequest } from '@hostpilot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import { dashboardKeys } from './keys';

/** A domain's settings the customer saves from its page; the domains refresh once the server took them. */
function useDomainSetting<T>(send: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.domains() }),
  });
}

/** The transfer lock on or off. */
export function useSetTransferLock(domainId: string) {
  return useDomainSetting((locked: boolean) =>
    api.call(domainsRoutes.putDomainsTransferLock, { params: { id: domainId }, body: { locked } }),
  );
}

/** The domain's name servers (2 to 4). */
export function useSetNameservers(domainId: string) {
  return useDomainSetting((input: NameserversRequest) =>
    api.call(domainsRoutes.putDomainsNameservers, { params: { id: domainId }, body: input }),
  );
}
