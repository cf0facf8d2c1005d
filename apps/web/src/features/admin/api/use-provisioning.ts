import { provisioningRoutes } from '@hostpilot/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import type { ListParams } from '../lib/use-table-controls';
import { adminKeys } from './keys';
import { listSearch } from './queries';

/**
 * The provisioning engine's back office (docs/decisions/042-provisioning-engine.md): the task list (one page for
 * the list state in the URL, plus the server, customer or resource it is narrowed to) and the staff actions.
 */
export function useProvisioningTasks(params: ListParams, scope: Record<string, string>) {
  return useQuery({
    queryKey: [...adminKeys.page('provisioning', params), scope] as const,
    queryFn: ({ signal }) =>
      api.call(provisioningRoutes.getAdminProvisioning, { query: listSearch(params, scope), signal }),
    placeholderData: keepPreviousData,
  });
}

export type ProvisioningAction = 'retry' | 'cancel' | 'complete';

const ACTIONS = {
  retry: provisioningRoutes.postAdminProvisioningRetry,
  cancel: provisioningRoutes.postAdminProvisioningCancel,
  complete: provisioningRoutes.postAdminProvisioningComplete,
} satisfies Record<ProvisioningAction, unknown>;

/** Retry, Cancel or Mark done on one task; the list and the audit log are read again after. */
export function useProvisioningAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ProvisioningAction }) =>
      api.call(ACTIONS[action], { params: { id } }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.list('provisioning') }),
        client.invalidateQueries({ queryKey: adminKeys.list('audit') }),
      ]),
  });
}
