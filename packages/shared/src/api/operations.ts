import { TICKET_PRIORITIES } from '../model';
import { TICKET_STATUSES } from '../states/ticket';
import { enumFilter, listQuerySchema, pageSchema } from '../schemas/list-query';
import type { ValidationMessageKey } from '../schemas/messages';
import { z } from '../schemas/zod';
import { ticketMessageSchema, ticketSchema } from './customer';
import { ticketReplyRequestSchema } from './self-service';

/**
 * Contracts of the back office's operations (docs/decisions/035-support-queue-and-operations.md): the support
 * queue, maintenance mode, the API's error log and a server's usage history.
 */

const msg = (key: ValidationMessageKey) => ({ error: key });
const timestamp = z.iso.datetime();

// ---------------------------------------------------------------------------------------------------------
// Support queue

/** `assignee`: a staff member's id, `me` (the caller) or `none` (unassigned). */
export const ADMIN_TICKETS_LIST = {
  sort: ['updatedAt', 'createdAt', 'priority', 'number'],
  defaultSort: 'updatedAt',
  defaultOrder: 'desc',
  filters: {
    status: enumFilter(TICKET_STATUSES),
    priority: enumFilter(TICKET_PRIORITIES),
    assignee: z.string(msg('validation.filter')).regex(/^(me|none|[0-9a-f-]{36})$/i, msg('validation.filter')),
  },
} as const;
export const adminTicketsQuerySchema = listQuerySchema(ADMIN_TICKETS_LIST);
export type AdminTicketsQuery = z.input<typeof adminTicketsQuerySchema>;

const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const adminTicketSchema = ticketSchema.extend({
  customer: personSchema.nullable().describe('The account that opened the ticket; null once it is deleted'),
  guest: z
    .object({ name: z.string(), email: z.string() })
    .nullable()
    .describe('The visitor of a guest ticket opened by the contact form, answered by mail (decision 053)'),
  assignee: personSchema.nullable().describe('The staff member the ticket is assigned to'),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;
export const adminTicketsPageSchema = pageSchema(adminTicketSchema);
export type AdminTicketsPage = z.infer<typeof adminTicketsPageSchema>;

export const adminTicketDetailSchema = adminTicketSchema.extend({
  messages: z.array(ticketMessageSchema.extend({ authorFullName: z.string() })),
});
export type AdminTicketDetail = z.infer<typeof adminTicketDetailSchema>;

/** POST /api/admin/tickets/:id/messages: a staff answer (the same limits as a customer's message). */
export const adminTicketReplySchema = ticketReplyRequestSchema;
export type AdminTicketReply = z.input<typeof adminTicketReplySchema>;

/** PATCH /api/admin/tickets/:id: any of the assignee (null unassigns), priority and status. */
export const adminTicketUpdateSchema = z
  .object({
    assigneeId: z.string(msg('validation.invalidType')).uuid(msg('validation.invalidType')).nullable().optional(),
    priority: z.enum(TICKET_PRIORITIES, msg('validation.invalidType')).optional(),
    status: z.enum(['open', 'closed'], msg('validation.invalidType')).optional(),
  })
  .strict();
export type AdminTicketUpdate = z.input<typeof adminTicketUpdateSchema>;

/** The staff members a ticket can be assigned to: the roles with `tickets.write`. */
export const adminTicketAssigneesSchema = z.object({ items: z.array(personSchema) });
export type AdminTicketAssignees = z.infer<typeof adminTicketAssigneesSchema>;

// ---------------------------------------------------------------------------------------------------------
// Maintenance mode

export const MAINTENANCE_MESSAGE_MAX = 500;

/** GET /api/maintenance (anyone) and the back office's switch. */
export const maintenanceSchema = z.object({
  enabled: z.boolean(),
  message: z.string().nullable().describe("The operators' note shown in the banner, if any"),
  since: timestamp.nullable(),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;

export const maintenanceInputSchema = z
  .object({
    enabled: z.boolean(msg('validation.invalidType')),
    message: z
      .string(msg('validation.invalidType'))
      .trim()
      .max(MAINTENANCE_MESSAGE_MAX, msg('validation.tooLong'))
      .optional()
      .transform((value) => (value ? value : null)),
  })
  .strict();
export type MaintenanceInput = z.input<typeof maintenanceInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Error log

export const adminErrorLogQuerySchema = listQuerySchema({
  sort: ['createdAt'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  search: false,
});
export type AdminErrorLogQuery = z.input<typeof adminErrorLogQuerySchema>;

export const adminErrorLogEntrySchema = z.object({
  id: z.string(),
  createdAt: timestamp,
  requestId: z.string(),
  method: z.string(),
  route: z.string(),
  status: z.number().int(),
  errorName: z.string(),
  message: z.string(),
});
export type AdminErrorLogEntry = z.infer<typeof adminErrorLogEntrySchema>;
export const adminErrorLogPageSchema = pageSchema(adminErrorLogEntrySchema);
export type AdminErrorLogPage = z.infer<typeof adminErrorLogPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Server usage history

export const SERVER_USAGE_RANGES = ['24h', '7d'] as const;
export type ServerUsageRange = (typeof SERVER_USAGE_RANGES)[number];
export const adminServerUsageQuerySchema = z
  .object({ range: z.enum(SERVER_USAGE_RANGES, msg('validation.filter')).default('24h') })
  .strict();

export const adminServerUsageSchema = z.object({
  serverId: z.string(),
  range: z.enum(SERVER_USAGE_RANGES),
  samples: z.array(
    z.object({
      takenAt: timestamp,
      cpuPercent: z.number(),
      memoryPercent: z.number(),
      storagePercent: z.number(),
      bandwidthPercent: z.number(),
      up: z.boolean(),
    }),
  ),
});
export type AdminServerUsage = z.infer<typeof adminServerUsageSchema>;
