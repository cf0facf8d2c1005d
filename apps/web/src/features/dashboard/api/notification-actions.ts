import { notificationsRoutes, type UnreadCount } from '@hostpilot/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/session';
import { dashboardKeys } from './keys';
import { dashboardQueries } from './queries';

/** How many notifications are unread, for the header's badge; every page of the dashboard reads the same entry. */
export function useUnreadCount() {
  return useQuery({ ...dashboardQueries.unreadCount(), select: (data: UnreadCount) => data.unread });
}

/** The API answers a read with the new unread count: the badge takes it at once, the lists refresh. */
async function settle(queryClient: QueryClient, answer: UnreadCount) {
  queryClient.setQueryData(dashboardKeys.unreadCount(), answer);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: dashboardKeys.notifications(), exact: true }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.summary() }),
  ]);
}

/** Mark one notification read, or all of them. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const markOne = useCallback(
    async (id: string) =>
      settle(queryClient, await api.call(notificationsRoutes.postNotificationsRead, { params: { id } })),
    [queryClient],
  );
  const markAll = useCallback(
    async () => settle(queryClient, await api.call(notificationsRoutes.postNotificationsReadAll)),
    [queryClient],
  );
  return { markOne, markAll };
}
