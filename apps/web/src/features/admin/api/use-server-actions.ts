import {
  type AdminServerDriver,
  type AdminServerDriverInput,
  type AdminServerInput,
  provisioningRoutes,
  serversAdminRoutes,
} from '@hostpilot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import { adminKeys } from './keys';

/**
 * The back office's changes to servers (docs/decisions/031-server-administration.md). Each refreshes every page of
 * the server list and the overview (its server count and load) when it succeeds.
 */

function useRefreshServers() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.list('servers') }),
      client.invalidateQueries({ queryKey: adminKeys.overview() }),
    ]);
}

export function useAddServer() {
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: (input: AdminServerInput) => api.call(serversAdminRoutes.postAdminServers, { body: input }),
    onSuccess: refresh,
  });
}

export function useEditServer() {
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<AdminServerInput> }) =>
      api.call(serversAdminRoutes.patchAdminServersItem, { params: { id }, body: input }),
    onSuccess: refresh,
  });
}

export function useDeleteServer() {
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: (id: string) => api.call(serversAdminRoutes.deleteAdminServersItem, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useServerMaintenance() {
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: ({ id, maintenance }: { id: string; maintenance: boolean }) =>
      api.call(serversAdminRoutes.putAdminServersMaintenance, { params: { id }, body: { maintenance } }),
    onSuccess: refresh,
  });
}

/**
 * A server's driver and connection settings (docs/decisions/042-provisioning-engine.md), and its connection test;
 * each answers the driver as stored, secrets never included, and refreshes the server list.
 */
export function useServerDriver(
  serverId: string,
  on: { saved: (driver: AdminServerDriver) => void; tested: (driver: AdminServerDriver) => void },
) {
  const refresh = useRefreshServers();
  const params = { id: serverId };
  const save = useMutation({
    mutationFn: (input: AdminServerDriverInput) =>
      api.call(provisioningRoutes.putAdminServersDriver, { params, body: input }),
    onSuccess: (answer) => {
      on.saved(answer);
      return refresh();
    },
  });
  const test = useMutation({
    mutationFn: () => api.call(provisioningRoutes.postAdminServersTestConnection, { params }),
    onSuccess: (answer) => {
      on.tested(answer);
      return refresh();
    },
  });
  return { save, test };
}
