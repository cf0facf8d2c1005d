import {
  type AdminTicketUpdate,
  type MaintenanceInput,
  type ServerUsageRange,
  serversAdminRoutes,
  supportAdminRoutes,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from '@hostpilot/shared';
import { operationsRoutes } from '@hostpilot/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import { MAINTENANCE_CHANGED_EVENT } from '@/lib/use-maintenance';
import type { ListParams, ListSpec } from '../lib/use-table-controls';
import { adminKeys } from './keys';
import { listSearch } from './queries';

/**
 * The back office's operations (docs/decisions/035-support-queue-and-operations.md): the support queue,
 * maintenance mode, the error log and a server's usage, through the app's one HTTP client.
 */

/** What the support queue sorts and filters by: the API's fields (packages/shared/src/api/operations.ts). */
export const TICKET_LIST = {
  sorts: ['updatedAt', 'createdAt', 'priority', 'number'],
  defaultSort: 'updatedAt',
  defaultDirection: 'desc',
  filters: { status: TICKET_STATUSES, priority: TICKET_PRIORITIES, assignee: ['me', 'none'] },
} as const satisfies ListSpec;

export const ERROR_LOG_LIST = {
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: {},
} as const satisfies ListSpec;

export function useAdminTickets(params: ListParams) {
  return useQuery({
    queryKey: adminKeys.page('tickets', params),
    queryFn: ({ signal }) =>
      api.call(supportAdminRoutes.getAdminTickets, {
        query: listSearch(params),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminTicket(id: string) {
  return useQuery({
    queryKey: adminKeys.ticket(id),
    queryFn: ({ signal }) => api.call(supportAdminRoutes.getAdminTicketsItem, { params: { id }, signal }),
  });
}

export function useTicketAssignees(enabled = true) {
  return useQuery({
    queryKey: adminKeys.assignees(),
    queryFn: ({ signal }) => api.call(supportAdminRoutes.getAdminTicketsAssignees, { signal }),
    staleTime: 60_000,
    enabled,
  });
}

export type TicketAction = { kind: 'reply'; message: string } | { kind: 'update'; body: AdminTicketUpdate };

/** Answer, assign, re-prioritise, close or reopen a ticket; the ticket's view takes the server's answer. */
export function useTicketAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: TicketAction) =>
      action.kind === 'reply'
        ? api.call(supportAdminRoutes.postAdminTicketsMessages, { params: { id }, body: { message: action.message } })
        : api.call(supportAdminRoutes.patchAdminTicketsItem, { params: { id }, body: action.body }),
    onSuccess: (ticket) => client.setQueryData(adminKeys.ticket(id), ticket),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.list('tickets') }),
        client.invalidateQueries({ queryKey: adminKeys.overview() }),
        client.invalidateQueries({ queryKey: adminKeys.list('audit') }),
      ]),
  });
}

export function useAdminMaintenance() {
  return useQuery({
    queryKey: adminKeys.maintenance(),
    queryFn: ({ signal }) => api.call(operationsRoutes.getAdminMaintenance, { signal }),
  });
}

/** Turns maintenance mode on or off; every banner of this tab follows at once. */
export function useSetMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MaintenanceInput) => api.call(operationsRoutes.putAdminMaintenance, { body: input }),
    onSuccess: (answer) => {
      client.setQueryData(adminKeys.maintenance(), answer);
      window.dispatchEvent(new CustomEvent(MAINTENANCE_CHANGED_EVENT, { detail: answer }));
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.list('audit') }),
  });
}

export function useErrorLog(params: ListParams) {
  return useQuery({
    queryKey: adminKeys.page('errorLogs', params),
    queryFn: ({ signal }) => api.call(operationsRoutes.getAdminErrorLogs, { query: listSearch(params), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useServerUsage(id: string | null, range: ServerUsageRange) {
  return useQuery({
    queryKey: adminKeys.serverUsage(id ?? '', range),
    queryFn: ({ signal }) =>
      api.call(serversAdminRoutes.getAdminServersUsage, { params: { id: id! }, query: { range }, signal }),
    enabled: id !== null,
  });
}
