import { findServicePlan, HOSTING_PLANS } from '../catalog';
import { REFUND_DESTINATIONS } from '../model';
import { emailSchema } from '../schemas/auth';
import { dayParamSchema } from '../schemas/list-query';
import type { ValidationMessageKey } from '../schemas/messages';
import { z } from '../schemas/zod';
import { amountInMinorUnits, renewalMonthsOf } from './actions';
import { reasonSchema } from './admin-actions';

/**
 * Contracts of the back office's hosting actions, refunds and list exports
 * (docs/decisions/033-hosting-and-domain-administration.md). The API validates with these schemas and the
 * web's forms validate with the same ones.
 */

const msg = (key: ValidationMessageKey) => ({ error: key });

/** POST /api/admin/services/:id/suspend: a staff suspension with its reason. */
export const adminSuspendServiceSchema = z.object({ reason: reasonSchema });
export type AdminSuspendServiceInput = z.input<typeof adminSuspendServiceSchema>;

/** DELETE /api/admin/services/:id: the service's domain (or name) typed again, as the confirmation. */
export const adminTerminateServiceSchema = z.object({
  confirm: z.string(msg('validation.confirmDomain')).trim().min(1, msg('validation.confirmDomain')),
});

/** The largest refund staff may enter at once: $10,000.00 (never more than what is left unrefunded). */
export const REFUND_MAX_MINOR = 1_000_000;

/**
 * POST /api/admin/payments/:id/refund: an amount (major units, two decimals) with a reason, and where it goes:
 * the one destination the payment allows (`refundTo` in the list; docs/decisions/043-refunds-and-due-dates.md).
 */
export const adminRefundSchema = z.object({
  amount: amountInMinorUnits(1, REFUND_MAX_MINOR),
  reason: reasonSchema,
  destination: z.enum(REFUND_DESTINATIONS, msg('validation.refundDestination')),
});
export type AdminRefundInput = z.input<typeof adminRefundSchema>;

/** The answer of a refund: what the payment has refunded now and the customer's balance. */
export const adminRefundResultSchema = z.object({
  paymentId: z.string(),
  refunded: z.object({ amountMinor: z.number().int(), currency: z.string() }),
  balance: z.object({ amountMinor: z.number().int(), currency: z.string() }),
});
export type AdminRefundResult = z.infer<typeof adminRefundResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// Add New Hosting and Edit (POST /api/admin/services, PATCH /api/admin/services/:id)

/** The hosting plans staff may place a service on: the catalogue's /hosting plans. */
export const ADMIN_HOSTING_PLAN_IDS = HOSTING_PLANS.map((plan) => plan.id);

const planIdSchema = z
  .string(msg('validation.orderPlan'))
  .trim()
  .max(64, msg('validation.orderPlan'))
  .refine((id) => findServicePlan('hosting', id) !== undefined, msg('validation.orderPlan'));
const serverIdSchema = z.string(msg('validation.hostingServer')).trim().min(1, msg('validation.hostingServer'));

/**
 * Add New Hosting: the owner by e-mail (an active customer, checked by the API), a hosting plan of the catalogue
 * and its period in months (the price is the catalogue's, never sent), the site's domain (spelled as ordering
 * requires, checked by the API) and an active server with a free slot.
 */
export const adminCreateServiceSchema = z.strictObject(
  {
    ownerEmail: emailSchema,
    planId: planIdSchema,
    months: z
      .number(msg('validation.period'))
      .int(msg('validation.period'))
      .refine((months) => renewalMonthsOf('month').includes(months), msg('validation.period')),
    domain: z
      .string(msg('validation.required'))
      .trim()
      .min(1, msg('validation.required'))
      .max(253, msg('validation.domainTooLong')),
    serverId: serverIdSchema,
  },
  msg('validation.unknownField'),
);
export type AdminCreateServiceInput = z.input<typeof adminCreateServiceSchema>;

/**
 * Edit: the plan, the server and the expiry day (YYYY-MM-DD, UTC; today or later). What is sent and differs from
 * the service is changed; the rest stays.
 */
export const adminEditServiceSchema = z.strictObject(
  {
    planId: planIdSchema.optional(),
    serverId: serverIdSchema.optional(),
    expiresOn: dayParamSchema.optional(),
    /**
     * The service's `updatedAt` as the form was filled from it: a service changed since then is refused with
     * 409 validation.serviceChanged instead of being overwritten.
     */
    unchangedSince: z.iso.datetime(msg('validation.date')).optional(),
  },
  msg('validation.unknownField'),
);
export type AdminEditServiceInput = z.input<typeof adminEditServiceSchema>;

/** GET /api/admin/services/placement: the active servers a hosting service can be placed on, with free slots. */
export const adminPlacementServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  capacity: z.number().int(),
  services: z.number().int().describe('Services placed on it and not cancelled'),
  free: z.number().int().describe('Slots left: capacity less the services placed (never below 0)'),
});
export type AdminPlacementServer = z.infer<typeof adminPlacementServerSchema>;
export const adminPlacementSchema = z.object({ servers: z.array(adminPlacementServerSchema) });
export type AdminPlacement = z.infer<typeof adminPlacementSchema>;
