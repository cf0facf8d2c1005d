import { LANGUAGES, PAYMENT_METHODS, USER_STATUSES } from '../model';
import { ROLES } from '../roles';
import { nameSchema, emailSchema } from '../schemas/auth';
import { dayParamSchema, enumFilter, listQuerySchema, pageSchema } from '../schemas/list-query';
import type { ValidationMessageKey } from '../schemas/messages';
import { z } from '../schemas/zod';
import { PAYMENT_STATUSES } from '../states/payment';
import { amountInMinorUnits } from './actions';
import { invoiceSchema, moneySchema, translatableSchema } from './customer';

/**
 * Contracts of the back office's actions (docs/decisions/027-back-office-actions-and-audit.md): editing,
 * suspending, deleting and crediting accounts, settling payments, and the audit log. The API validates with
 * these schemas and the web's forms validate with the same ones.
 */

const msg = (key: ValidationMessageKey) => ({ error: key });
const timestamp = z.iso.datetime();

/** A role number the product knows (packages/shared/src/roles.ts); any other number is refused. */
const KNOWN_ROLES = Object.values(ROLES) as number[];
export const roleSchema = z
  .number(msg('validation.role'))
  .int(msg('validation.role'))
  .refine((role) => KNOWN_ROLES.includes(role), msg('validation.role'));

/** PATCH /api/admin/users/:id: the account's name, e-mail, role and status. */
export const adminUserEditSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  role: roleSchema,
  status: z.enum(USER_STATUSES, msg('validation.userStatus')),
});
export type AdminUserEdit = z.infer<typeof adminUserEditSchema>;

/** A reason staff give for a decline or a credit: 3 to 500 characters, kept with the record. */
export const reasonSchema = z
  .string(msg('validation.reason'))
  .trim()
  .min(3, msg('validation.reason'))
  .max(500, msg('validation.reason'));

/** DELETE /api/admin/users/:id: the account's e-mail typed again, as the confirmation. */
export const adminUserDeleteSchema = z.object({
  confirmEmail: z.string(msg('validation.confirmEmail')).trim().min(1, msg('validation.confirmEmail')),
});

/** The largest single credit or deduction staff may enter: $10,000.00. */
export const CREDIT_MAX_MINOR = 1_000_000;
export const CREDIT_DIRECTIONS = ['add', 'deduct'] as const;

/** POST /api/admin/users/:id/credit: add or deduct an amount (major units, two decimals) with a reason. */
export const adminCreditSchema = z.object({
  direction: z.enum(CREDIT_DIRECTIONS, msg('validation.filter')),
  amount: amountInMinorUnits(1, CREDIT_MAX_MINOR),
  reason: reasonSchema,
});
export type AdminCreditInput = z.input<typeof adminCreditSchema>;

export const adminCreditResultSchema = z.object({
  entryId: z.string(),
  balance: moneySchema.describe("The account's balance after the entry"),
});

/** POST /api/admin/payments/:id/decline. */
export const adminDeclineSchema = z.object({ reason: reasonSchema });
/** Any back-office change that takes only a reason (decline, suspend, cancel or flag an order): the same rule. */
export const reasonRequestSchema = adminDeclineSchema;
/**
 * A change a confirmation may explain (approve a payment, activate an account): the reason is optional, and when
 * given it follows the same rule and is kept in the audit entry (docs/decisions/048-operator-journeys.md).
 */
export const optionalReasonSchema = z.preprocess((body) => body ?? {}, z.object({ reason: reasonSchema.optional() }));

/** GET /api/admin/payments/:id: a payment, its invoice and the ledger entries it made. */
export const adminPaymentDetailSchema = z.object({
  id: z.string(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  amount: moneySchema,
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  declineReason: z.string().nullable(),
  providerReference: z.string().nullable(),
  createdAt: timestamp,
  completedAt: timestamp.nullable(),
  invoice: invoiceSchema.nullable(),
  ledger: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      description: translatableSchema,
      amount: moneySchema,
      createdAt: timestamp,
    }),
  ),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;

// ---------------------------------------------------------------------------------------------------------
// Audit log

/** Every action the audit log records; the page's filter offers these. */
export const AUDIT_ACTIONS = [
  'auth.register',
  'auth.signIn',
  'user.update',
  'user.suspend',
  'user.activate',
  'user.delete',
  'user.credit',
  'payment.approve',
  'payment.decline',
  'paymentMethod.save',
  'paymentMethod.remove',
  'settings.security.update',
  'service.suspend',
  'service.activate',
  'service.terminate',
  'service.create',
  'service.update',
  'payment.refund',
  'order.accept',
  'order.cancel',
  'order.fraud',
  'order.cancelByCustomer',
  'order.expire',
  'settings.orders.update',
  'ticket.reply',
  'ticket.update',
  'maintenance.update',
  'settings.update',
  'settings.automation.update',
  'server.create',
  'server.update',
  'server.delete',
  'ticket.close',
  'user.emailChanged',
  'user.passwordSet',
  'user.emailRestored',
  'scheduler.run',
  'invoice.issued',
  'invoice.paid',
  'domain.create',
  'domain.dns.create',
  'domain.dns.update',
  'domain.dns.delete',
  'domain.transfer',
  'domain.delete',
  'service.planUpgrade',
  'service.planDowngrade',
  'service.planDowngradeCancel',
  'server.driver',
  'server.testConnection',
  'provisioning.retry',
  'provisioning.cancel',
  'provisioning.complete',
  'certificate.retry',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const AUDIT_LIST = {
  sort: ['createdAt'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { action: enumFilter(AUDIT_ACTIONS), from: dayParamSchema, to: dayParamSchema },
} as const;

export const adminAuditQuerySchema = listQuerySchema(AUDIT_LIST);

/** GET /api/admin/audit/export: the log's filters (every matching entry, no paging) and `lang` for the headings. */
export const adminAuditExportQuerySchema = listQuerySchema({
  ...AUDIT_LIST,
  filters: { ...AUDIT_LIST.filters, lang: enumFilter(LANGUAGES) },
});
export type AdminAuditQuery = z.input<typeof adminAuditQuerySchema>;

export const adminAuditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  target: z
    .object({
      name: z.string().describe("The record's name: a user's name, a service's domain, an invoice's number..."),
      detail: z.string().nullable().describe("A second line: a user's e-mail; null when none"),
    })
    .nullable()
    .describe('The record the entry is about, named on the server; null when it is gone or has no name'),
  before: z.unknown().describe('The values before, JSON, secrets masked as ***; null when none'),
  after: z.unknown().describe('The values after, JSON, secrets masked as ***; null when none'),
  clientIp: z.string().nullable(),
  createdAt: timestamp,
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditPageSchema = pageSchema(adminAuditEntrySchema);
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

/**
 * Bulk actions (docs/decisions/048-operator-journeys.md): up to 100 different rows, one confirmation; the API
 * applies each in its own transaction with its own audit entry and answers for each row.
 */
export const BULK_MAX = 100;
export const bulkIdsSchema = z
  .array(z.string().min(1).max(64), msg('validation.bulkIds'))
  .min(1, msg('validation.bulkIds'))
  .max(BULK_MAX, msg('validation.bulkIds'))
  .refine((ids) => new Set(ids).size === ids.length, msg('validation.bulkIds'));

/** A bulk body whose reason is required for some actions (suspend, decline) and optional for the others. */
function bulkSchema<const A extends readonly [string, ...string[]]>(actions: A, reasonRequiredFor: readonly string[]) {
  return z
    .object({ action: z.enum(actions, msg('validation.filter')), ids: bulkIdsSchema, reason: reasonSchema.optional() })
    .refine((body) => body.reason !== undefined || !reasonRequiredFor.includes(body.action), {
      ...msg('validation.reason'),
      path: ['reason'],
    });
}

/** POST /api/admin/users/bulk: suspend (a reason required) or activate several accounts. */
export const adminUserBulkSchema = bulkSchema(['suspend', 'activate'] as const, ['suspend']);
/** POST /api/admin/orders/bulk: cancel several orders, one reason for all (refunds as a single cancel does). */
export const adminOrderBulkSchema = bulkSchema(['cancel'] as const, ['cancel']);
/** POST /api/admin/payments/bulk: approve or decline (a reason required) several pending bank transfers. */
export const adminPaymentBulkSchema = bulkSchema(['approve', 'decline'] as const, ['decline']);
export type AdminBulkAction = 'suspend' | 'activate' | 'cancel' | 'approve' | 'decline';

export const bulkResultSchema = z.object({
  results: z
    .array(
      z.object({
        id: z.string(),
        ok: z.boolean(),
        error: z
          .object({ code: z.string(), message: z.string() })
          .optional()
          .describe('Why this row was refused (the code a single action answers); absent when ok'),
      }),
    )
    .describe('One answer per id, in the order asked'),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
