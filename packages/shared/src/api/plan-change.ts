import {
  findServicePlan,
  GAME_PLANS,
  HOME_HOSTING_PLANS,
  type PlanKind,
  SERVICE_PLANS,
  type ServicePlan,
  toCents,
} from '../catalog';
import { addMonths } from '../dates';
import type { ValidationMessageKey } from '../schemas/messages';
import { z } from '../schemas/zod';
import { invoiceSchema, moneySchema, planRefSchema } from './customer';

/**
 * Changing a service's plan (docs/decisions/037-plan-changes.md): an upgrade takes effect at once and costs the
 * prorated difference for the days left of the paid period; a downgrade waits for the next renewal.
 */

const msg = (key: ValidationMessageKey) => ({ error: key });
const timestamp = z.iso.datetime();
const DAY = 24 * 60 * 60 * 1000;

/**
 * The set of plans a service can move between: the tiers of one product. The /hosting plans, the home teaser's
 * hosting plans, VDS and dedicated plans are one set each; game plans one set per game (a CS2 server does not become a Minecraft one); each extra is its own
 * product, so an extra has nothing to change to.
 */
export function planFamily(plan: Pick<ServicePlan, 'kind' | 'id'>): string {
  if (plan.kind === 'game') return `game:${GAME_PLANS.find((p) => p.id === plan.id)?.game ?? plan.id}`;
  if (plan.kind === 'extra') return `extra:${plan.id}`;
  // The home teaser's plans are a product of their own (docs/decisions/052-money-journeys.md).
  if (plan.kind === 'hosting' && HOME_HOSTING_PLANS.some((p) => p.planId === plan.id)) return 'hosting:home';
  return plan.kind;
}

/** The plans a service on (`kind`, `planId`) can change to, cheapest first; empty when its plan is not sold. */
export function planChangeOptions(kind: PlanKind, planId: string): ServicePlan[] {
  const current = findServicePlan(kind, planId);
  if (!current) return [];
  const family = planFamily(current);
  return SERVICE_PLANS.filter((plan) => plan.id !== planId && plan.kind === kind && planFamily(plan) === family)
    .slice()
    .sort((a, b) => a.price - b.price);
}

export type PlanChangeDirection = 'upgrade' | 'downgrade';

export interface PlanChangeQuote {
  direction: PlanChangeDirection;
  /** Whole days left until the expiry (a started day is not counted). */
  remainingDays: number;
  /** Days in the paid period (its length in the calendar: 28 to 31 for a month). */
  periodDays: number;
  /** What the customer pays now, in cents: the prorated difference of an upgrade, 0 for a downgrade. */
  amountCents: number;
}

/**
 * What moving from `from` to `to` costs now, for a service paid until `expiresAt` (docs/decisions/037-plan-changes.md):
 *
 *   amount = floor((price(to) − price(from)) × remainingDays / periodDays)
 *
 * with prices in cents from the catalogue, `periodDays` the length of the period ending at the expiry, and
 * `remainingDays` the whole days from now to the expiry (more than a period when the customer renewed ahead: every
 * paid day moves to the dearer plan). Both roundings (the partial day, the fraction of a cent) are in the customer's
 * favour. A cheaper plan costs nothing now.
 */
export function planChangeQuote(input: {
  from: Pick<ServicePlan, 'price' | 'period'>;
  to: Pick<ServicePlan, 'price' | 'period'>;
  expiresAt: number;
  now: number;
}): PlanChangeQuote {
  const difference = toCents(input.to.price) - toCents(input.from.price);
  const months = input.from.period === 'year' ? 12 : 1;
  const periodDays = Math.round((input.expiresAt - addMonths(input.expiresAt, -months)) / DAY);
  const remainingDays = Math.max(0, Math.floor((input.expiresAt - input.now) / DAY));
  if (difference <= 0) return { direction: 'downgrade', remainingDays, periodDays, amountCents: 0 };
  return {
    direction: 'upgrade',
    remainingDays,
    periodDays,
    amountCents: Math.floor((difference * remainingDays) / periodDays),
  };
}

export const changePlanRequestSchema = z.object({
  planId: z
    .string(msg('validation.planChoose'))
    .trim()
    .min(1, msg('validation.planChoose'))
    .max(100, msg('validation.planChoose')),
});
export type ChangePlanRequest = z.input<typeof changePlanRequestSchema>;

export const changePlanResponseSchema = z.object({
  direction: z.enum(['upgrade', 'downgrade']),
  plan: planRefSchema.describe('The plan the service is on now'),
  pendingPlan: planRefSchema.nullable().describe('A cheaper plan that takes over at the next renewal'),
  price: moneySchema.describe('The price per period the service is on now'),
  expiresAt: timestamp,
  charged: moneySchema.describe('What was paid now: the prorated difference of an upgrade, 0 for a downgrade'),
  invoice: invoiceSchema.nullable().describe('The paid invoice of an upgrade; null for a downgrade'),
  balance: moneySchema.describe('The balance after the change'),
});
export type ChangePlanResponse = z.infer<typeof changePlanResponseSchema>;
