import { type CreateTicketRequest, supportRoutes, type TicketDetail, type TicketReplyRequest } from '@hostpilot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import { dashboardKeys } from './keys';

/**
 * A customer's actions on one of their tickets (docs/product/states.md). The API answers each with the ticket as
 * it now is: the ticket's page takes it at once, the list and the home page's open-ticket count refresh.
 */
function useSettle(id: string) {
  const client = useQueryClient();
  return async (ticket: TicketDetail) => {
    client.setQueryData(dashboardKeys.ticket(id), ticket);
    await Promise.all([
      client.invalidateQueries({ queryKey: dashboardKeys.tickets(), exact: true }),
      client.invalidateQueries({ queryKey: dashboardKeys.summary() }),
    ]);
  };
}

/** A reply: the ticket opens again if it was answered. */
export function useReplyToTicket(id: string) {
  const settle = useSettle(id);
  return useMutation({
    mutationFn: (input: TicketReplyRequest) =>
      api.call(supportRoutes.postTicketsMessages, { params: { id }, body: input }),
    onSuccess: settle,
  });
}

/** Close a solved ticket, or reopen it to write again. */
export function useSetTicketClosed(id: string) {
  const settle = useSettle(id);
  return useMutation({
    mutationFn: (closed: boolean) =>
      api.call(closed ? supportRoutes.postTicketsClose : supportRoutes.postTicketsReopen, { params: { id } }),
    onSuccess: settle,
  });
}

/** A new ticket: the list and the home page's open-ticket count refresh. */
export function useOpenTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTicketRequest) => api.call(supportRoutes.postTickets, { body: input }),
    onSuccess: async (ticket) => {
      client.setQueryData(dashboardKeys.ticket(ticket.id), ticket);
      await Promise.all([
        client.invalidateQueries({ queryKey: dashboardKeys.tickets(), exact: true }),
        client.invalidateQueries({ queryKey: dashboardKeys.summary() }),
      ]);
    },
  });
}
