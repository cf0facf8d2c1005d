import type { AdminServer, AdminServerDriver, AdminServerDriverInput, AdminServerInput } from '@hostpilot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import { adminKeys } from './keys';

/**
 * The back office's changes to servers (docs/decisions/031-server-administration.md). Each refreshes every page of
 * the server list and the overview (its server count and load) when it succeeds.
 */

const segment = encodeURIComponent;

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
    mutationFn: (input: AdminServerInput) => api.post<AdminServer>('/admin/servers', input),
    onSuccess: refresh,
  });
}

export function useEditServer() {
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<AdminServerInput> }) =>
      api.patch<AdminServer>(`/admin/servers/${segment(id)}`, input),
    onSuccess: refresh,
  });
}

export function useDeleteServer() {
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/admin/servers/${segment(id)}`),
    onSuccess: refresh,
  });
}

export function useServerMaintenance() {
  const refresh = useRefreshServers();
  return useMutation({
    mutationFn: ({ id, maintenance }: { id: string; maintenance: boolean }) =>
      api.put<AdminServer>(`/admin/servers/${segment(id)}/maintenance`, { maintenance }),
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
  const path = `/admin/servers/${segment(serverId)}`;
  const save = useMutation({
    mutationFn: (input: AdminServerDriverInput) => api.put<AdminServerDriver>(`${path}/driver`, input),
    onSuccess: (answer) => {
      on.saved(answer);
      return refresh();
    },
  });
  const test = useMutation({
    mutationFn: () => api.post<AdminServerDriver>(`${path}/test-connection`),
    onSuccess: (answer) => {
      on.tested(answer);
      return refresh();
    },
  });
  return { save, test };
}
