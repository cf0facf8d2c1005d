import { defineEndpoint } from './define';
import { idParamsSchema } from '../api/customer';
import {
  adminTicketAssigneesSchema,
  adminTicketDetailSchema,
  adminTicketReplySchema,
  adminTicketsPageSchema,
  adminTicketsQuerySchema,
  adminTicketUpdateSchema,
} from '../api/operations';

/**
 * The back office's support endpoints (docs/decisions/068-typed-endpoint-contract.md): every ticket, the staff a
 * ticket can be assigned to, one ticket, an answer, and assign, priority, close or reopen.
 */
export const supportAdminEndpoints = {
  getAdminTickets: defineEndpoint({
    method: 'GET',
    path: '/admin/tickets',
    query: adminTicketsQuerySchema,
    response: adminTicketsPageSchema,
    auth: 'staff',
    permission: 'tickets.read',
  }),
  getAdminTicketsAssignees: defineEndpoint({
    method: 'GET',
    path: '/admin/tickets/assignees',
    response: adminTicketAssigneesSchema,
    auth: 'staff',
    permission: 'tickets.read',
  }),
  getAdminTicketsItem: defineEndpoint({
    method: 'GET',
    path: '/admin/tickets/:id',
    params: idParamsSchema,
    response: adminTicketDetailSchema,
    auth: 'staff',
    permission: 'tickets.read',
  }),
  postAdminTicketsMessages: defineEndpoint({
    method: 'POST',
    path: '/admin/tickets/:id/messages',
    params: idParamsSchema,
    body: adminTicketReplySchema,
    response: adminTicketDetailSchema,
    auth: 'staff',
    permission: 'tickets.write',
  }),
  patchAdminTicketsItem: defineEndpoint({
    method: 'PATCH',
    path: '/admin/tickets/:id',
    params: idParamsSchema,
    body: adminTicketUpdateSchema,
    response: adminTicketDetailSchema,
    auth: 'staff',
    permission: 'tickets.write',
  }),
};
