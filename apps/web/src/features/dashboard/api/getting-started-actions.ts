import { dashboardRoutes } from '@hostpilot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import { dashboardKeys } from './keys';

/** Puts the first-run checklist away for the account (every device), then shows the answer at once. */
export function useDismissGettingStarted() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(dashboardRoutes.postDashboardGettingStartedDismiss),
    onSuccess: (answer) => client.setQueryData(dashboardKeys.gettingStarted(), answer),
  });
}
