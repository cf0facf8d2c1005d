import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import { idParamsSchema, ticketDetailSchema, ticketListQuerySchema, ticketPageSchema } from '../api/customer';
import { createTicketRequestSchema, ticketReplyRequestSchema } from '../api/self-service';
import { contactResponseSchema } from '../schemas/contact';

/** The support module's endpoints (docs/decisions/068-typed-endpoint-contract.md). */
export const supportEndpoints = {
  getTickets: defineEndpoint({
    method: 'GET',
    path: '/tickets',
    query: ticketListQuerySchema,
    response: ticketPageSchema,
    auth: 'customer',
  }),
  getTicketsItem: defineEndpoint({
    method: 'GET',
    path: '/tickets/:id',
    params: idParamsSchema,
    response: ticketDetailSchema,
    auth: 'customer',
  }),
  postContact: defineEndpoint({
    method: 'POST',
    path: '/contact',
    body: z.unknown(),
    response: contactResponseSchema,
    status: 201,
    auth: 'public',
  }),
  postTickets: defineEndpoint({
    method: 'POST',
    path: '/tickets',
    body: createTicketRequestSchema,
    response: ticketDetailSchema,
    status: 201,
    auth: 'verified',
  }),
  postTicketsMessages: defineEndpoint({
    method: 'POST',
    path: '/tickets/:id/messages',
    params: idParamsSchema,
    body: ticketReplyRequestSchema,
    response: ticketDetailSchema,
    auth: 'customer',
  }),
  postTicketsClose: defineEndpoint({
    method: 'POST',
    path: '/tickets/:id/close',
    params: idParamsSchema,
    response: ticketDetailSchema,
    auth: 'customer',
  }),
  postTicketsReopen: defineEndpoint({
    method: 'POST',
    path: '/tickets/:id/reopen',
    params: idParamsSchema,
    response: ticketDetailSchema,
    auth: 'customer',
  }),
};
